import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { api } from '../../api/client';
import { ResourceListPage, type InputProps } from '../../crud';
import cardDecl from '../../resources/inventory/card.resource';
import { GoodsByDeliveryInput } from './parts/goods-input';
import { AuditButton } from './parts/audit-dialog';
import { ImportDialog } from './parts/import-dialog';
import { RevealButton } from './parts/reveal';
import { VoidButton } from './parts/void-button';

// Codes belong to goods delivered as codes: the goods picker offers only those.
const card = { ...cardDecl, fields: { ...cardDecl.fields, goodsId: { ...cardDecl.fields?.goodsId, input: (p: InputProps) => <GoodsByDeliveryInput {...p} deliveryType={1} /> } } };

/**
 * /inventory/cardManage (spec §2): activation codes, server-paged, filtered by goods, batch, status
 * and date. Beyond the declaration: the audited secret reveal per row, the audit trail, batch void
 * with a reason, and the .xlsx import with template and preview (export is the kit's).
 */
export default function CardManagePage() {
  const { t } = useTranslation();
  const [importing, setImporting] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const f = (k: string) => t(`resources.card.fields.${k}`);
  return (
    <>
      <ResourceListPage
        resource={card}
        reloadKey={reloadKey}
        rowActions={(row, ctx) => ctx.can('update') && <RevealButton path={api.card.reveal.endpoint.path} id={row.id as number} />}
        toolbar={(ctx) => (
          <>
            {ctx.can('add') && <Button label={t('inventory.import.button')} icon="pi pi-upload" size="small" onClick={() => setImporting(true)} data-testid="card-import" />}
            {ctx.can('update') && <VoidButton path={api.card.batchVoid.endpoint.path} ids={ctx.selection.map((r) => r.id as number)} onDone={ctx.reload} />}
            <AuditButton targetType={1} />
          </>
        )}
      />
      <ImportDialog
        visible={importing}
        onHide={() => setImporting(false)}
        title={t('inventory.import.cardTitle')}
        importPath={api.card.importExcel.endpoint.path}
        templatePath={api.card.template.endpoint.path}
        templateName={t('inventory.import.cardTemplate')}
        columns={[{ field: 'goodsId', label: f('goodsId') }, { field: 'goodsName', label: t('resources.stock.fields.goodsName') }, { field: 'cardNo', label: f('cardNo') }, { field: 'expireTime', label: f('expireTime') }]}
        onImported={() => {
          setImporting(false);
          setReloadKey((n) => n + 1);
        }}
      />
    </>
  );
}
