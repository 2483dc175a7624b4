import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { notify } from '../../services/notify';
import { ResourceListPage, ActionDialog, GuardedButton } from '../../crud';
import rentAccount from '../../resources/rent/rent-account.resource';

type Row = Record<string, unknown>;

/**
 * /rent/account (spec §2): rentable accounts with the game drawer (game, region/server, rank level,
 * credentials write-only: a password typed here is stored, never shown) and the verify dialog
 * (credentials checked, result and remark recorded; a failed check takes its listings off shelf).
 * An account that is rented out cannot be verified until the rental ends.
 */
export default function RentAccountPage() {
  const { t } = useTranslation();
  const [verifying, setVerifying] = useState<Row | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const a = verifying;
  return (
    <>
      <ResourceListPage
        resource={rentAccount}
        reloadKey={reloadKey}
        rowActions={(row, ctx) =>
          ctx.can('update') && <GuardedButton label={t('rent.verify')} link size="small" reason={row.status === 2 ? t('rent.rentedOut') : null} onClick={() => setVerifying(row)} data-testid="account-verify" />
        }
      />
      {a && (
        <ActionDialog
          visible
          title={t('rent.verifyTitle', { account: a.account })}
          action={api.rentAccount.verify}
          fixed={{ id: a.id }}
          record={a}
          initial={{ passed: true }}
          fields={[
            { name: 'passed', label: t('rent.result'), options: [{ value: true, label: t('rent.passed') }, { value: false, label: t('rent.failed') }] },
            { name: 'remark', label: t('rent.verifyRemark'), kind: 'text', required: (v) => v.passed === false },
          ]}
          onHide={() => setVerifying(null)}
          onDone={(r) => {
            notify({ mode: 'toast', message: t((r as Row).verifyStatus === 1 ? 'rent.verified' : 'rent.verifyFailed') }, 'success');
            setVerifying(null);
            setReloadKey((n) => n + 1);
          }}
        >
          <p className="part-hint">{t('rent.verifyHint')}</p>
        </ActionDialog>
      )}
    </>
  );
}
