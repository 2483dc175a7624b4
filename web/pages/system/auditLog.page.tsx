import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Tag } from 'primereact/tag';
import { api } from '../../api/client';
import { notify } from '../../services/notify';
import { ENTITY, type EntityName } from '../../../server/contract';
import { CellValue, DescList, ResourceListPage, schemaFieldSpec, useFieldLabel, type Row } from '../../crud';
import auditLog from '../../resources/system/audit-log.resource';
import './system.css';

/** A stored JSON text as a value, or the text itself when it is not JSON. */
function parsed(text: unknown): unknown {
  if (typeof text !== 'string' || !text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const show = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** A changed value as the record's own list shows it (an enum as its label, money as currency), else as text. */
function ChangeValue({ entity, field, value }: { entity: string; field: string; value: unknown }) {
  const schema = (ENTITY[entity as EntityName]?.schemas.record as unknown as { properties?: Record<string, Record<string, unknown>> } | undefined)?.properties?.[field];
  if (!schema || value === null || value === undefined || value === '') return <>{show(value)}</>;
  return <CellValue spec={schemaFieldSpec(field, schema)} row={{ [field]: value }} />;
}

/** `{field: [before, after]}`, or by record id `{id: {field: [before, after]}}` when the write named several. */
function changeRows(changes: unknown): { id: string | null; field: string; before: unknown; after: unknown }[] {
  if (!changes || typeof changes !== 'object') return [];
  const out: { id: string | null; field: string; before: unknown; after: unknown }[] = [];
  for (const [k, v] of Object.entries(changes as Record<string, unknown>)) {
    if (Array.isArray(v) && v.length === 2) out.push({ id: null, field: k, before: v[0], after: v[1] });
    else if (v && typeof v === 'object') for (const [f, pair] of Object.entries(v as Record<string, unknown>)) if (Array.isArray(pair)) out.push({ id: k, field: f, before: pair[0], after: pair[1] });
  }
  return out;
}

/** One entry: who, when, from where, the outcome, the changed fields before → after and the request's fields (redacted). */
function AuditEntry({ row, onHide }: { row: Row; onHide: () => void }) {
  const { t } = useTranslation();
  const label = useFieldLabel('auditLog');
  const fieldOf = useFieldLabel(String(row.entity || ''));
  const changes = changeRows(parsed(row.changes));
  const fields = parsed(row.fields);
  return (
    <Dialog visible onHide={onHide} header={t('system.audit.entry', { id: row.id })} style={{ width: 'min(760px, 96vw)' }} modal data-testid="audit-entry">
      <DescList
        items={[
          { label: label('createTime'), value: String(row.createTime) },
          { label: label('username'), value: `${String(row.username || '—')} (${String(row.roles || '—')})` },
          { label: label('operation'), value: <code>{String(row.operation)}</code> },
          { label: label('targetIds'), value: String(row.targetIds || '—') },
          { label: label('outcome'), value: <Tag value={t(row.outcome === 1 ? 'system.audit.done' : 'system.audit.refused')} severity={row.outcome === 1 ? 'success' : 'danger'} /> },
          { label: label('ip'), value: String(row.ip || '—') },
          ...(row.message ? [{ label: label('message'), value: String(row.message), wide: true }] : []),
        ]}
      />
      <h4>{label('changes')}</h4>
      {changes.length ? (
        <table className="sys-audit-changes" data-testid="audit-changes">
          <thead>
            <tr>
              <th scope="col">{t('system.audit.field')}</th>
              <th scope="col">{t('system.audit.before')}</th>
              <th scope="col">{t('system.audit.after')}</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((c) => (
              <tr key={`${c.id ?? ''}.${c.field}`}>
                <th scope="row">{c.id ? `#${c.id} ` : ''}{fieldOf(c.field)}</th>
                <td><del><ChangeValue entity={String(row.entity)} field={c.field} value={c.before} /></del></td>
                <td><ins><ChangeValue entity={String(row.entity)} field={c.field} value={c.after} /></ins></td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="part-hint">{t(row.servedBy === 'platform' ? 'system.audit.noChangesPlatform' : 'system.audit.noChanges')}</p>
      )}
      <h4>{label('fields')}</h4>
      <pre className="sys-audit-fields" data-testid="audit-fields">{JSON.stringify(fields, null, 2)}</pre>
      <small className="part-hint">{label('hash')}: <code>{String(row.hash)}</code></small>
    </Dialog>
  );
}

/**
 * /system/auditLog: the audit trail as a kit list (newest first,
 * filters, .xlsx export); each entry opens with its before → after fields; "Verify" checks the
 * hash chain and names the first broken entry, or the gaps (entries lost) the trail records.
 */
export default function SystemAuditLogPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Row | null>(null);
  const verify = async () => {
    try {
      const r = await api.auditLog.verify();
      if (r.ok && r.gaps?.entries) notify({ mode: 'modal', message: t('system.audit.gaps', { count: r.count, gaps: r.gaps.entries, lost: r.gaps.lost }) }, 'warn');
      else if (r.ok) notify({ mode: 'toast', message: t('system.audit.verified', { count: r.count }) }, 'success');
      else notify({ mode: 'modal', message: t('system.audit.broken', { id: r.firstBroken?.id, reason: r.firstBroken?.reason }) }, 'error');
    } catch {
      // Shown by the HTTP client.
    }
  };
  return (
    <>
      <ResourceListPage
        resource={auditLog}
        toolbar={() => <Button label={t('system.audit.verify')} icon="pi pi-shield" size="small" outlined onClick={() => void verify()} data-testid="audit-verify" />}
        rowActions={(row) => <Button label={t('system.audit.open')} link size="small" onClick={() => setOpen(row)} data-testid="audit-open" />}
      />
      {open && <AuditEntry row={open} onHide={() => setOpen(null)} />}
    </>
  );
}
