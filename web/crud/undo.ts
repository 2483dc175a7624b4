import type { TFunction } from 'i18next';
import { api } from '../api/client';
import { queryClient } from '../api/query';
import type { AnyEntity } from '../../server/contract/entity';
import { callOp } from './api';
import { crudEnv } from './env';
import type { Row } from './types';

/** How long a success toast offers Undo, in ms. */
export const UNDO_MS = 8000;

/**
 * Shows a success toast offering Undo for {@link UNDO_MS} (issue "Undo as a real write"): pressing
 * it runs `undo`, a compensating write through the typed client (the normal permission checks
 * apply; a refusal is shown by the HTTP client), then says it was undone and refetches the
 * entity's reads (`[entity]` queries: the list shown). Nothing is delayed: the write already
 * happened, and a closed tab loses no request. Money actions (refunds, wallet changes,
 * settlements) never call this: they keep their confirmation and get no undo.
 */
export function offerUndo(entity: AnyEntity, message: string, undo: () => Promise<unknown>, t: TFunction): void {
  crudEnv().notify(message, 'success', {
    life: UNDO_MS,
    action: {
      label: t('crud.undo'),
      run: () => {
        undo()
          .then(() => crudEnv().notify(t('crud.undone'), 'success'))
          .catch(() => {
            // Shown by the HTTP client (a restore refused because a reference is gone); nothing changed.
          })
          .finally(() => void queryClient.invalidateQueries({ queryKey: [entity.name] }));
      },
    },
  });
}

/**
 * The Undo of a delete: each trash entry the delete made (`trashIds` of its answer) restored
 * (`/console/trash/restore`), the records coming back with their ids; the trail keeps each restore
 * as an undo of `<entity>.del:<ids>`. Answers null when the delete made no trash entries (the
 * platform deleted them: nothing to undo with).
 */
export function undoDelete(entity: AnyEntity, ids: readonly number[], trashIds: readonly number[] | undefined): (() => Promise<unknown>) | null {
  if (!trashIds?.length) return null;
  const undoOf = `${entity.name}.del:${ids.join(',')}`;
  return async () => {
    for (const id of trashIds) await api.trash.restore({ id }, { undoOf });
  };
}

/**
 * The Undo of a status change: `updateStatus` of each row back to its old value, made on the
 * version the change answered (contract VERSION_RULE: someone else's later change is not
 * overwritten, the stale write is refused); the trail keeps it as an undo of
 * `<entity>.updateStatus:<id>`.
 */
export function undoStatus(entity: AnyEntity, changes: readonly { row: Row; old: unknown; saved?: Row | null }[]): () => Promise<unknown> {
  const field = entity.statusField!;
  const versionField = entity.versionField ?? 'updateTime';
  return async () => {
    for (const { row, old, saved } of changes) {
      const version = saved?.[versionField];
      await callOp(entity, 'updateStatus', { id: row.id, [field]: old, ...(version !== undefined && version !== null ? { [versionField]: version } : {}) }, { undoOf: `${entity.name}.updateStatus:${String(row.id)}` });
    }
  };
}
