import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { SelectButton } from 'primereact/selectbutton';
import { Type } from 'typebox';
import { F } from '../../../server/contract/fields';
import { api } from '../../api/client';
import { readQuery } from '../../api/query';
import { moneyText } from '../../../server/contract/money';
import { ActionDialog, LinkButton, OperationName, ResourceListPage, type Row } from '../../crud';
import { notify } from '../../services/notify';
import approvals from '../../resources/system/approvals.resource';
import './system.css';

/** The three views of the screen (spec: four eyes — mine, to approve, decided), as list filters. */
export const APPROVAL_VIEWS = {
  toApprove: { mine: false, status: 0 },
  mine: { mine: true },
  decided: { decided: true },
} as const;
export type ApprovalViewName = keyof typeof APPROVAL_VIEWS;

/** The approve / reject form: the decision, the approver's reason, and the confirmation a changed record needs. */
const DecisionPayload = Type.Object(
  {
    approve: Type.Boolean(),
    reason: F.name(255),
    confirm: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/**
 * The decision dialog of one pending approval (the kit's ActionDialog, on the form engine):
 * approve or reject, with a reason. An approval whose record changed since the request is refused
 * beside "confirm" (`approval.changed` names the fields); ticking it approves the record as it is now.
 */
export function ApprovalDecisionDialog({ row, onHide, onDone }: { row: Row; onHide: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <ActionDialog
      visible
      title={t('system.approvals.decideTitle', { id: row.id })}
      schema={DecisionPayload}
      action={async (p: { approve: boolean; reason: string; confirm?: boolean }) => {
        const id = Number(row.id);
        const done = p.approve ? await api.approval.approve({ id, reason: p.reason, ...(p.confirm ? { confirm: true } : {}) }) : await api.approval.reject({ id, reason: p.reason });
        if (done.status === 4) notify({ mode: 'toast', message: t('system.approvals.failedRun', { message: done.result }) }, 'warn');
        else notify({ mode: 'toast', message: t(p.approve ? 'system.approvals.approved' : 'system.approvals.rejected', { id }) }, 'success');
        return done;
      }}
      initial={{ approve: true }}
      fields={[
        { name: 'approve', label: t('system.approvals.decision'), options: [{ value: true, label: t('system.approvals.approve') }, { value: false, label: t('system.approvals.reject') }] },
        { name: 'reason', label: t('system.approvals.reason'), kind: 'text' },
        { name: 'confirm', label: t('system.approvals.confirm'), kind: 'boolean', when: (v) => v.approve === true, hint: t('system.approvals.confirmHint') },
      ]}
      onHide={onHide}
      onDone={onDone}
      testIds={{ root: 'approval-decide', submit: 'approval-decide-submit' }}
    >
      <ApprovalSummary row={row} />
    </ActionDialog>
  );
}

/** What is asked: the action, who asks and why, the amount or count against its threshold, the request. */
export function ApprovalSummary({ row }: { row: Row }) {
  const { t } = useTranslation();
  const cents = row.thresholdKind === 'refundCents' || row.thresholdKind === 'walletCents';
  const amount = (v: unknown) => (cents ? moneyText(Number(v)) : String(v));
  return (
    <dl className="sys-approval-summary" data-testid="approval-summary">
      <dt>{t('system.approvals.what')}</dt>
      <dd>
        <OperationName operation={String(row.operation)} />
      </dd>
      <dt>{t('system.approvals.who')}</dt>
      <dd>{`${String(row.requesterName)} (${String(row.requesterRoles || '—')})`}</dd>
      <dt>{t('system.approvals.why')}</dt>
      <dd>{String(row.reason)}</dd>
      {row.thresholdKind !== 'privilegedRole' && (
        <>
          <dt>{t('system.approvals.measure')}</dt>
          <dd>{t('system.approvals.measureOf', { measure: amount(row.measure), threshold: amount(row.threshold) })}</dd>
        </>
      )}
      <dt>{t('system.approvals.payload')}</dt>
      <dd>
        <code className="sys-approval-payload">{String(row.payload)}</code>
      </dd>
    </dl>
  );
}

/** The rules in force: which actions wait for a second person, above what, and for how long. */
function ApprovalRules() {
  const { t } = useTranslation();
  const rules = useQuery(readQuery('approval', 'rules', {}, ({ signal }) => api.approval.rules(undefined, { signal, errorMode: 'none' })));
  if (!rules.data) return null;
  const thresholdText = (kind: string, n: number) =>
    kind === 'privilegedRole' ? t('system.approvals.everyGrant') : kind.endsWith('Cents') ? t('system.approvals.above', { value: moneyText(n) }) : t('system.approvals.aboveCount', { count: n });
  return (
    <details className="sys-approval-rules" data-testid="approval-rules">
      <summary>{t('system.approvals.rules', { hours: rules.data.hours })}</summary>
      <ul>
        {rules.data.rules.map((r) => (
          <li key={r.operation}>
            <OperationName operation={r.operation} /> — {thresholdText(r.thresholdKind, r.threshold)}
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * /system/approvals (审批): the kit's list of approvals in three views — to approve (others' pending
 * requests, the default), mine, decided — with the rules in force above the table and "Decide" on
 * each pending row of another user (the server refuses one's own and decided ones all the same).
 */
export default function SystemApprovalsPage() {
  const { t } = useTranslation();
  const [view, setView] = useState<ApprovalViewName>('toApprove');
  const [deciding, setDeciding] = useState<{ row: Row; reload: () => void } | null>(null);
  return (
    <>
      <ResourceListPage
        resource={approvals}
        controller={{ permanentFilter: APPROVAL_VIEWS[view] }}
        beforeTable={() => (
          <div className="sys-approval-views">
            <SelectButton
              value={view}
              onChange={(e) => e.value && setView(e.value as ApprovalViewName)}
              options={(Object.keys(APPROVAL_VIEWS) as ApprovalViewName[]).map((v) => ({ value: v, label: t(`system.approvals.views.${v}`) }))}
              data-testid="approval-views"
            />
            <ApprovalRules />
          </div>
        )}
        rowActions={(row, ctx) => (row.status === 0 && !row.mine ? <LinkButton label={t('system.approvals.decide')} onClick={() => setDeciding({ row, reload: ctx.reload })} testId="approval-decide-open" /> : null)}
      />
      {deciding && (
        <ApprovalDecisionDialog
          row={deciding.row}
          onHide={() => setDeciding(null)}
          onDone={() => {
            deciding.reload();
            setDeciding(null);
          }}
        />
      )}
    </>
  );
}
