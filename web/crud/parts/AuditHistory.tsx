import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Tag } from 'primereact/tag';
import { api, apiQuery } from '../../api/client';
import { crudEnv } from '../env';
import { DetailSection } from './DetailView';

/** How many of a record's latest entries the part shows (the audit log lists the rest). */
const HISTORY_SIZE = 10;

/** Names of the fields an entry changed (`{field: [before, after]}` or by id when several). */
function changedFields(changes: unknown): string[] {
  if (typeof changes !== 'string' || !changes) return [];
  try {
    const c = JSON.parse(changes) as Record<string, unknown>;
    return [...new Set(Object.entries(c).flatMap(([k, v]) => (Array.isArray(v) ? [k] : Object.keys((v as object) ?? {}))))];
  } catch {
    return [];
  }
}

/**
 * A record's history: the latest entries of the
 * audit trail naming this record of `entity` — when, who, the operation, its outcome and the
 * fields it changed — newest first, with a link to the audit log filtered to the record. Shown
 * only to users who may open the audit log (button code `SystemAuditLog:view`); it reloads after
 * any write (every write is an entry).
 */
export function AuditHistory({ entity, id }: { entity: string; id: number | null | undefined }) {
  const { t } = useTranslation();
  const allowed = crudEnv().usePermission()('SystemAuditLog:view');
  const payload = { pageNum: 1, pageSize: HISTORY_SIZE, entity, targetIds: String(id ?? '') };
  const { data } = useQuery({ ...apiQuery(api.auditLog.list, payload, { errorMode: 'none' }), enabled: allowed && !!id, staleTime: 0 });
  if (!allowed || !id) return null;
  const label = (f: string) => t([`resources.${entity}.fields.${f}`, `crud.fields.${f}`], { defaultValue: f });
  return (
    <DetailSection
      title={t('parts.history.title')}
      testId="audit-history"
      extra={<a href={`/system/auditLog?entity=${encodeURIComponent(entity)}&targetIds=${id}`} data-testid="audit-history-all">{t('parts.history.all', { count: data?.total ?? 0 })}</a>}
    >
      {!data ? (
        <div aria-busy="true" />
      ) : data.list.length === 0 ? (
        <p className="part-hint">{t('parts.history.none')}</p>
      ) : (
        <ul className="part-history">
          {data.list.map((e) => (
            <li key={e.id} data-testid="audit-history-entry">
              <time>{e.createTime}</time> <b>{e.username || '—'}</b> <code>{e.operation}</code>{' '}
              <Tag value={t(e.outcome === 1 ? 'parts.history.done' : 'parts.history.refused')} severity={e.outcome === 1 ? 'success' : 'danger'} />
              {changedFields(e.changes).length > 0 && <span className="part-hint"> {changedFields(e.changes).map(label).join(', ')}</span>}
            </li>
          ))}
        </ul>
      )}
    </DetailSection>
  );
}
