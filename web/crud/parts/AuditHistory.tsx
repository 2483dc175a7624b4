import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Tag } from 'primereact/tag';
import { api, apiQuery } from '../../api/client';
import { crudEnv } from '../env';
import { DetailSection } from './DetailView';
import { AuditChangeList, auditChanges, useOperationLabel } from './audit-changes';

/** How many of a record's latest entries the part shows (the audit log lists the rest). */
const HISTORY_SIZE = 10;

/**
 * A record's history: the latest entries of the audit trail naming this record of `entity` — when,
 * who, the operation (by its label), its outcome and each field it changed with its label, before →
 * after (audit-changes.tsx) — newest first, with a link to the audit log filtered to the record.
 * Shown only to users who may open the audit log (button code `SystemAuditLog:view`); it reloads
 * after any write (every write is an entry).
 */
export function AuditHistory({ entity, id }: { entity: string; id: number | null | undefined }) {
  const { t } = useTranslation();
  const allowed = crudEnv().usePermission()('SystemAuditLog:view');
  const payload = { pageNum: 1, pageSize: HISTORY_SIZE, entity, targetIds: String(id ?? '') };
  const { data } = useQuery({ ...apiQuery(api.auditLog.list, payload, { errorMode: 'none' }), enabled: allowed && !!id, staleTime: 0 });
  const operation = useOperationLabel();
  if (!allowed || !id) return null;
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
              <time>{e.createTime}</time> <b>{e.username || '—'}</b> <span title={e.operation} data-testid="audit-history-operation">{operation(e.operation)}</span>{' '}
              <Tag value={t(e.outcome === 1 ? 'parts.history.done' : 'parts.history.refused')} severity={e.outcome === 1 ? 'success' : 'danger'} />
              <AuditChangeList entity={e.entity || entity} changes={auditChanges(e.changes)} />
            </li>
          ))}
        </ul>
      )}
    </DetailSection>
  );
}
