import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { Message } from 'primereact/message';
import type { AnyEntity } from '../../../server/contract/entity';
import { api } from '../../api/client';
import { readQuery } from '../../api/query';
import { readOp, editId, ResourceListPage, yuanToCents, type Resource } from '../../crud';
import { AuditButton } from '../inventory/parts/audit-dialog';
import { ImportDialog } from '../inventory/parts/import-dialog';
import { VoidButton } from '../inventory/parts/void-button';
import '../inventory/parts/parts.css';

type Row = Record<string, unknown>;

/** Which owner a code list belongs to: its master entity and screen, the filter field and the stored id key. */
export interface CdkOwner {
  ownerType: 1 | 2 | 3;
  /** The list's filter on the owner (`platformId`, `merchantId`, `activityId`). */
  field: 'platformId' | 'merchantId' | 'activityId';
  /** Stored key of the owner's id (like the §3 edit-id keys), so a reload keeps which owner. */
  storageKey: string;
  master: AnyEntity;
  masterPath: string;
  /** The master's label field and a few fields shown in the header. */
  label: string;
  meta: string[];
  resource: Resource;
}

/** Opens the codes of one owner from its master row: stores the id, then the detail route with it in the query. */
export function openCodes(navigate: (to: string) => void, owner: { storageKey: string; detailPath: string; field: string }, id: number) {
  editId.set(owner.storageKey, id);
  navigate(`${owner.detailPath}?${owner.field}=${id}`);
}

/**
 * The codes of one CDK owner (spec §2 /cdk/platform/list, /cdk/merchant/list, /cdk/wechat/list):
 * master-detail. The owner id is the list's permanent filter (sent, never shown in the search
 * form): read from the URL query (deep links), else from the stored key (a bare route after a
 * reload or a menu search), and kept in the URL beside the list's view (`keepQuery`). A header names the owner with a way back; the toolbar imports an
 * .xlsx of codes for this owner (template, preview), voids in batch and shows the audit trail.
 */
export function CdkCodesPage({ owner }: { owner: CdkOwner }) {
  const { t } = useTranslation();
  const [loc, navigate] = useLocation();
  const query = new URLSearchParams(useSearch());
  const fromUrl = Number(query.get(owner.field));
  const id = Number.isInteger(fromUrl) && fromUrl > 0 ? fromUrl : editId.get(owner.storageKey);
  const [importing, setImporting] = useState(false);
  const [faceValue, setFaceValue] = useState<number | null>(null);
  const [reloadKey, setReloadKey] = useState(0);

  useEffect(() => {
    if (!id) return;
    editId.set(owner.storageKey, id);
    // A bare route (reload after the query was lost, a menu search) gets the stored owner back in its URL.
    if (!(fromUrl > 0)) navigate(`${loc}?${owner.field}=${id}`, { replace: true });
  }, [id, fromUrl, loc, navigate, owner]);

  // The owner's record, keyed by its id: another owner shows '…' until its own record comes.
  const masterQ = useQuery({ ...readQuery(owner.master.name, 'info', { id }, ({ signal }) => readOp<Row>(owner.master, 'info', { id }, signal)), enabled: !!id });
  const master = masterQ.data ?? null;
  const missing = masterQ.isError;

  const back = <Button label={t('cdk.back')} icon="pi pi-arrow-left" size="small" text onClick={() => navigate(owner.masterPath)} data-testid="cdk-back" />;
  if (!id || missing) {
    return (
      <div className="crud-page">
        <div className="crud-card inv-head">
          {back}
          <Message severity="warn" text={t('cdk.chooseOwner', { owner: t(`resources.${owner.master.name}.title`) })} data-testid="cdk-no-owner" />
        </div>
      </div>
    );
  }
  const fv = faceValue === null ? null : yuanToCents(faceValue);
  return (
    <>
      <div className="crud-card inv-head" data-testid="cdk-owner">
        {back}
        <span className="inv-head__title" data-testid="cdk-owner-name">{master ? String(master[owner.label]) : '…'}</span>
        {master && (
          <span className="inv-head__meta">
            {owner.meta.map((m) => (
              <span key={m}>
                {t(`resources.${owner.master.name}.fields.${m}`)}: {String(master[m] ?? '—')}
              </span>
            ))}
          </span>
        )}
      </div>
      <ResourceListPage
        key={id}
        resource={owner.resource}
        controller={{ permanentFilter: { [owner.field]: id } }}
        keepQuery={{ [owner.field]: String(id) }}
        reloadKey={reloadKey}
        title={t('cdk.codesOf', { name: master ? String(master[owner.label]) : '' })}
        toolbar={(ctx) => (
          <>
            {ctx.can('add') && <Button label={t('inventory.import.button')} icon="pi pi-upload" size="small" onClick={() => setImporting(true)} data-testid="cdk-import" />}
            {ctx.can('update') && <VoidButton call={api.cdkCode.batchVoid} ids={ctx.selection.map((r) => r.id as number)} onDone={ctx.reload} />}
            <AuditButton targetType={3} />
          </>
        )}
      />
      <ImportDialog
        visible={importing}
        onHide={() => setImporting(false)}
        title={t('inventory.import.cdkTitle')}
        importCall={api.cdkCode.importExcel}
        templateCall={api.cdkCode.template}
        templateName={t('inventory.import.cdkTemplate')}
        data={{ ownerType: String(owner.ownerType), ownerId: String(id), faceValue: fv === null ? '' : String(fv) }}
        ready={fv !== null && fv > 0}
        extra={
          <div className="crud-form__field">
            <label htmlFor="cdk-face"><span className="crud-required">*</span>{t('resources.cdkCode.fields.faceValue')}</label>
            <InputNumber inputId="cdk-face" value={faceValue} onValueChange={(e) => setFaceValue(e.value ?? null)} mode="currency" currency="CNY" currencyDisplay="narrowSymbol" min={0.01} max={100000} data-testid="cdk-face" />
          </div>
        }
        columns={[{ field: 'code', label: t('resources.cdkCode.fields.code') }, { field: 'expireTime', label: t('resources.cdkCode.fields.expireTime') }]}
        onImported={() => {
          setImporting(false);
          setReloadKey((n) => n + 1);
        }}
      />
    </>
  );
}
