import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Tag } from 'primereact/tag';
import { Button } from 'primereact/button';
import { ENTITY } from '../../../server/contract';
import { api, apiQuery } from '../../api/client';
import { crudEnv } from '../env';
import { DetailSection } from './DetailView';
import { AuditChangeList, auditChanges, useOperationLabel, type AuditChange } from './audit-changes';
import { RevertDialog, type RevertTarget } from './RevertDialog';

/** How many of a record's latest entries the part shows (the audit log lists the rest). */
const HISTORY_SIZE = 10;

/** The changes of an entry that are this record's: all of a one-record write's, or the record's own of a batch. */
function recordChanges(changes: AuditChange[], id: number): AuditChange[] {
  return changes.filter((c) => c.id === null || c.id === String(id));
}

/**
 * An entry id an entry's `fields` name under `key`, else null: `revertOf` (the entry a revert
 * restored the version before) or `undoOfEntry` (the write an Undo set back, named by the server).
 */
function entryOf(fields: string, key: 'revertOf' | 'undoOfEntry'): number | null {
  try {
    const v = (JSON.parse(fields) as Record<string, unknown>)[key];
    return Number.isInteger(v) ? (v as number) : null;
  } catch {
    return null;
  }
}

/**
 * A record's history: the latest entries of the audit trail naming this record of `entity` — when,
 * who, the operation (by its label), its outcome and each field it changed with its label, before →
 * after drawn as the record's cells (audit-changes.tsx; a rich text as a word diff) — newest first,
 * with a link to the audit log filtered to the record. Shown only to users who may open the audit
 * log (button code `SystemAuditLog:view`); it reloads after any write (every write is an entry).
 *
 * "Restore this version" on a successful change (users holding `<permission>:update` of the
 * record's screen, entities with an `update`) opens {@link RevertDialog}: the record's version
 * before that change, written back through the entity's update. A revert's own entry says which
 * entry it restored the version before, an Undo's the entry it set back. `onRestored` runs after a restore (a form reloads the record).
 */
export function AuditHistory({ entity, id, permission, onRestored }: { entity: string; id: number | null | undefined; permission?: string; onRestored?: () => void }) {
  const { t } = useTranslation();
  const hasPerm = crudEnv().usePermission();
  const allowed = hasPerm('SystemAuditLog:view');
  const def = (ENTITY as Record<string, { ops: Record<string, string | undefined> } | undefined>)[entity];
  const mayRestore = !!permission && !!def?.ops.update && hasPerm(`${permission}:update`);
  const [target, setTarget] = useState<RevertTarget | null>(null);
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
          {data.list.map((e) => {
            const changes = recordChanges(auditChanges(e.changes), id);
            const source = entryOf(e.fields, 'revertOf');
            const undone = entryOf(e.fields, 'undoOfEntry');
            return (
              <li key={e.id} data-testid="audit-history-entry" data-entry={e.id}>
                <time>{e.createTime}</time> <b>{e.username || '—'}</b> <span title={e.operation} data-testid="audit-history-operation">{operation(e.operation)}</span>{' '}
                <Tag value={t(e.outcome === 1 ? 'parts.history.done' : 'parts.history.refused')} severity={e.outcome === 1 ? 'success' : 'danger'} />
                {source !== null && <span className="part-history-revert-of" data-testid="audit-history-revert-of"> {t('parts.history.revertOf', { id: source })}</span>}
                {undone !== null && <span className="part-history-revert-of" data-testid="audit-history-undo-of"> {t('parts.history.undoOf', { id: undone })}</span>}
                {mayRestore && e.outcome === 1 && changes.length > 0 && (
                  <Button
                    type="button"
                    text
                    size="small"
                    icon="pi pi-history"
                    label={t('parts.history.restoreThis')}
                    onClick={() => setTarget({ entryId: e.id, createTime: e.createTime, username: e.username })}
                    data-testid="audit-history-restore"
                  />
                )}
                <AuditChangeList entity={e.entity || entity} changes={changes} />
              </li>
            );
          })}
        </ul>
      )}
      {mayRestore && <RevertDialog entity={entity} recordId={id} target={target} onHide={() => setTarget(null)} onDone={onRestored} />}
    </DetailSection>
  );
}
