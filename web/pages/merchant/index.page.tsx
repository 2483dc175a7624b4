import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { confirmDialog } from 'primereact/confirmdialog';
import { InputText } from 'primereact/inputtext';
import { api } from '../../api/client';
import { notify } from '../../services/notify';
import { LinkButton, ListTable, ListToolbar, ResourceListPage, SearchForm, useListController, ActionDialog, type ActionField } from '../../crud';
import merchant from '../../resources/merchant/merchant.resource';
import merchantAccount from '../../resources/merchant/merchant-account.resource';

type Row = Record<string, unknown>;

/**
 * The accounts of one merchant: the kit's list parts on a controller of their own (not synced to the
 * URL, so it never fights the merchant list) with the merchant as a permanent filter.
 */
function AddButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return <Button label={t('crud.add')} icon="pi pi-plus" size="small" onClick={onClick} data-testid="account-add" />;
}

function MerchantAccounts({ merchantId, reloadKey, onAdd, rowActions }: { merchantId: number; reloadKey: number; onAdd: () => void; rowActions: (row: Row) => ReactNode }) {
  const ctl = useListController(merchantAccount, { urlSync: false, permanentFilter: { merchantId }, reloadKey });
  return (
    <div className="crud-page">
      <SearchForm ctl={ctl} />
      <ListToolbar ctl={ctl}>{ctl.can('add') && <AddButton onClick={onAdd} />}</ListToolbar>
      <ListTable ctl={ctl} rowActions={rowActions} />
    </div>
  );
}

/**
 * /merchant/index (spec §2, admin only): merchants with the form modal (add/modify) and the
 * accounts modal: the merchant's login accounts (a list of its own, filtered to the merchant) with
 * add, modify, reset password (the new one shown once, never again) and disable (status switch).
 */
export default function MerchantIndexPage() {
  const { t } = useTranslation();
  const [accountsOf, setAccountsOf] = useState<Row | null>(null);
  const [editing, setEditing] = useState<Row | null | undefined>(undefined);
  const [reloadKey, setReloadKey] = useState(0);
  const [shownPassword, setShownPassword] = useState<{ username: string; password: string } | null>(null);
  const [canEdit, setCanEdit] = useState(false);

  const f = (name: string, extra: Partial<ActionField> = {}): ActionField => ({ name, label: t(`resources.merchantAccount.fields.${name}`), ...extra });
  const reset = (row: Row) =>
    confirmDialog({
      header: t('merchant.resetTitle'),
      message: t('merchant.resetText', { username: row.username }),
      icon: 'pi pi-key',
      acceptLabel: t('crud.ok'),
      rejectLabel: t('crud.cancel'),
      accept: async () => {
        try {
          setShownPassword(await api.merchantAccount.resetPassword({ id: Number(row.id) }));
        } catch {
          // Shown by the HTTP client.
        }
      },
    });

  return (
    <>
      <ResourceListPage
        resource={merchant}
        rowActions={(row, ctx) => (
          <LinkButton
            label={t('merchant.accounts')}
            onClick={() => {
              setCanEdit(ctx.can('update'));
              setAccountsOf(row);
            }}
            testId="merchant-accounts"
          />
        )}
      />
      <Dialog visible={!!accountsOf} onHide={() => setAccountsOf(null)} header={accountsOf ? t('merchant.accountsTitle', { name: accountsOf.merchantName }) : ''} style={{ width: 'min(920px, 96vw)' }} modal draggable={false} data-testid="merchant-accounts-dialog">
        {accountsOf && (
          <MerchantAccounts
            merchantId={accountsOf.id as number}
            reloadKey={reloadKey}
            onAdd={() => setEditing(null)}
            rowActions={(row) =>
              canEdit && (
                <>
                  <Button label={t('crud.modify')} link size="small" onClick={() => setEditing(row)} data-testid="account-modify" />
                  <Button label={t('merchant.resetPassword')} link size="small" severity="warning" onClick={() => reset(row)} data-testid="account-reset" />
                </>
              )
            }
          />
        )}
      </Dialog>
      {accountsOf && editing !== undefined && (
        <ActionDialog
          visible
          title={t(editing ? 'crud.modifyTitle' : 'crud.addTitle', { name: t('resources.merchantAccount.title') })}
          action={editing ? api.merchantAccount.update : api.merchantAccount.add}
          fixed={editing ? { id: editing.id } : { merchantId: accountsOf.id }}
          record={editing ?? undefined}
          initial={editing ?? { accountRole: 2, status: 1 }}
          fields={[
            f('username'),
            f('nickName'),
            ...(editing ? [] : [f('password', { hint: t('merchant.passwordHint') })]),
            f('phone'),
            f('accountRole'),
            f('status', { kind: 'status' }),
          ]}
          onHide={() => setEditing(undefined)}
          onDone={() => {
            notify({ mode: 'toast', message: t(editing ? 'crud.updated' : 'crud.added') }, 'success');
            setEditing(undefined);
            setReloadKey((n) => n + 1);
          }}
        />
      )}
      <Dialog visible={!!shownPassword} onHide={() => setShownPassword(null)} header={t('merchant.newPasswordTitle')} style={{ width: 'min(480px, 94vw)' }} modal draggable={false} data-testid="password-once-dialog">
        {shownPassword && (
          <div className="crud-form">
            <p className="part-hint">{t('merchant.newPasswordHint', { username: shownPassword.username })}</p>
            <InputText value={shownPassword.password} readOnly className="w-full part-secret" data-testid="password-once" onFocus={(e) => e.target.select()} />
            <Button
              label={t('merchant.copy')}
              icon="pi pi-copy"
              size="small"
              outlined
              onClick={() => void navigator.clipboard?.writeText(shownPassword.password).then(() => notify({ mode: 'toast', message: t('merchant.copied') }, 'success'), () => {})}
            />
          </div>
        )}
      </Dialog>
    </>
  );
}
