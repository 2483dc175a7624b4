import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { notify } from '../../services/notify';
import { ResourceListPage, ActionDialog, GuardedButton } from '../../crud';
import { moneyText } from '../../lib/format';
import rentApply from '../../resources/rent/rent-apply.resource';

type Row = Record<string, unknown>;

/**
 * /rent/apply (spec §2): owners' applications to rent out an account, with the audit dialog:
 * approve (creates the rentable account, unverified) or refuse with a reason; decided applications
 * cannot be audited again.
 */
export default function RentApplyPage() {
  const { t } = useTranslation();
  const [auditing, setAuditing] = useState<Row | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const a = auditing;
  return (
    <>
      <ResourceListPage
        resource={rentApply}
        reloadKey={reloadKey}
        rowActions={(row, ctx) =>
          ctx.can('update') && <GuardedButton label={t('rent.audit')} link size="small" reason={row.status === 0 ? null : t('rent.alreadyDecided')} onClick={() => setAuditing(row)} data-testid="apply-audit" />
        }
      />
      {a && (
        <ActionDialog
          visible
          title={t('rent.auditTitle', { account: a.account })}
          action={api.rentApply.audit}
          fixed={{ id: a.id }}
          record={a}
          initial={{ approved: true }}
          fields={[
            { name: 'approved', label: t('rent.decision'), options: [{ value: true, label: t('rent.approve') }, { value: false, label: t('rent.refuse') }] },
            { name: 'auditRemark', label: t('rent.auditRemark'), kind: 'text', required: (v) => v.approved === false },
          ]}
          onHide={() => setAuditing(null)}
          onDone={(r) => {
            notify({ mode: 'toast', message: t((r as Row).status === 1 ? 'rent.approved' : 'rent.refused') }, 'success');
            setAuditing(null);
            setReloadKey((n) => n + 1);
          }}
        >
          <p className="part-hint">{t('rent.applyAbout', { account: a.account, server: a.serverName, price: moneyText(a.expectHourlyPrice as number), description: a.description })}</p>
        </ActionDialog>
      )}
    </>
  );
}
