import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Tag } from 'primereact/tag';
import { api } from '../../api/client';
import { notify } from '../../services/notify';
import { AuditChangesTable, AuditValue, auditChanges, DescList, OperationName, ResourceListPage, useChangeLabel, useFieldLabel, type Row } from '../../crud';
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

/** The request's fields (redacted) as labelled values of the entry's entity; text that is not an object as it is. */
function RequestFields({ entity, fields }: { entity: string; fields: unknown }) {
  const label = useChangeLabel(entity);
  if (!fields || typeof fields !== 'object' || Array.isArray(fields)) return <pre className="sys-audit-fields" data-testid="audit-fields">{fields === null ? '—' : String(fields)}</pre>;
  const entries = Object.entries(fields as Record<string, unknown>);
  return (
    <div className="sys-audit-fields" data-testid="audit-fields">
      {entries.length ? <DescList items={entries.map(([k, v]) => ({ label: label(k), value: <AuditValue entity={entity} field={k} value={v} /> }))} /> : '—'}
    </div>
  );
}

/** One entry: who, when, from where, the operation, the outcome, the changed fields before → after and the request's fields (redacted), each by its label. */
function AuditEntry({ row, onHide }: { row: Row; onHide: () => void }) {
  const { t } = useTranslation();
  const label = useFieldLabel('auditLog');
  const entity = String(row.entity || '');
  const changes = auditChanges(row.changes);
  return (
    <Dialog visible onHide={onHide} header={t('system.audit.entry', { id: row.id })} style={{ width: 'min(760px, 96vw)' }} modal data-testid="audit-entry">
      <DescList
        items={[
          { label: label('createTime'), value: String(row.createTime) },
          { label: label('username'), value: `${String(row.username || '—')} (${String(row.roles || '—')})` },
          { label: label('operation'), value: <OperationName operation={String(row.operation)} /> },
          { label: label('targetIds'), value: String(row.targetIds || '—') },
          { label: label('outcome'), value: <Tag value={t(row.outcome === 1 ? 'system.audit.done' : 'system.audit.refused')} severity={row.outcome === 1 ? 'success' : 'danger'} /> },
          { label: label('ip'), value: String(row.ip || '—') },
          ...(row.message ? [{ label: label('message'), value: String(row.message), wide: true }] : []),
        ]}
      />
      <h4>{label('changes')}</h4>
      {changes.length ? (
        <AuditChangesTable entity={entity} changes={changes} />
      ) : (
        <p className="part-hint">{t(row.servedBy === 'platform' ? 'system.audit.noChangesPlatform' : 'system.audit.noChanges')}</p>
      )}
      <h4>{label('fields')}</h4>
      <RequestFields entity={entity} fields={parsed(row.fields)} />
      <small className="part-hint">{label('hash')}: <code>{String(row.hash)}</code></small>
    </Dialog>
  );
}

/**
 * /system/auditLog: the audit trail as a kit list (newest first, filters, .xlsx export), each
 * operation by its label; each entry opens with its changed fields by label, before → after, and
 * the request's fields; "Verify" checks the hash chain and names the first broken entry, or the
 * gaps (entries lost) the trail records.
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
