import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { api } from '../../api/client';
import { ResourceListPage, type InputProps } from '../../crud';
import accountDecl from '../../resources/inventory/card-account.resource';
import { GoodsByDeliveryInput } from './parts/goods-input';
import { AuditButton } from './parts/audit-dialog';
import { ImportDialog } from './parts/import-dialog';
import { RevealButton } from './parts/reveal';
import { VoidButton } from './parts/void-button';

// Accounts belong to goods delivered as accounts: the goods picker offers only those.
const cardAccount = { ...accountDecl, fields: { ...accountDecl.fields, goodsId: { ...accountDecl.fields?.goodsId, input: (p: InputProps) => <GoodsByDeliveryInput {...p} deliveryType={3} /> } } };

/**
 * /inventory/cardAccount (spec §2): account credentials sold as goods. Beyond the declaration: the
 * password is write-only, shown on demand through the audited reveal; batch void; .xlsx import
 * with template and preview like codes.
 */
export default function CardAccountPage() {
  const { t } = useTranslation();
  const [importing, setImporting] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const f = (k: string) => t(`resources.cardAccount.fields.${k}`);
  return (
    <>
      <ResourceListPage
        resource={cardAccount}
        reloadKey={reloadKey}
        rowActions={(row, ctx) => ctx.can('update') && <RevealButton path={api.cardAccount.reveal.endpoint.path} id={row.id as number} />}
        toolbar={(ctx) => (
          <>
            {ctx.can('add') && <Button label={t('inventory.import.button')} icon="pi pi-upload" size="small" onClick={() => setImporting(true)} data-testid="account-import" />}
            {ctx.can('update') && <VoidButton path={api.cardAccount.batchVoid.endpoint.path} ids={ctx.selection.map((r) => r.id as number)} onDone={ctx.reload} />}
            <AuditButton targetType={2} />
          </>
        )}
      />
      <ImportDialog
        visible={importing}
        onHide={() => setImporting(false)}
        title={t('inventory.import.accountTitle')}
        importPath={api.cardAccount.importExcel.endpoint.path}
        templatePath={api.cardAccount.template.endpoint.path}
        templateName={t('inventory.import.accountTemplate')}
        columns={[{ field: 'goodsId', label: f('goodsId') }, { field: 'goodsName', label: t('resources.stock.fields.goodsName') }, { field: 'account', label: f('account') }, { field: 'email', label: f('email') }, { field: 'region', label: f('region') }]}
        onImported={() => {
          setImporting(false);
          setReloadKey((n) => n + 1);
        }}
      />
    </>
  );
}
