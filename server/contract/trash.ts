import { Type } from 'typebox';
import { defineAction, defineEntity, IdsPayload } from './entity.js';
import { F } from './fields.js';

/**
 * The trash: the console's own endpoints (never relayed to the platform), served by server/trash in
 * every mode under `/console/trash/*`, kept in the console's database.
 *
 * - Every delete the mock answers (`/v1/<entity>/del`, one record or a batch) puts each deleted
 *   record into the trash (with the records its `cascade` references took along), naming who deleted
 *   it and when; the delete's answer carries the entries' ids (`trashIds`). Entries are kept
 *   `TRASH_DAYS` days (default 30), then purged.
 * - `trash.list`: newest first, filterable by record kind (`entity`) and user (`username`). A user
 *   sees the entries of the kinds whose delete their roles hold; administrators every entry.
 * - `trash.restore {id}`: brings the record back with the same id (same permission as the kind's
 *   delete). Refused, and nothing changes, when a record it refers to is gone, a unique field now
 *   repeats another record's, or its id is taken again.
 * - `trash.purge {ids}`: deletes entries for good; administrators only.
 * - Restores and purges are kept in the audit trail (`trash.restore`, `trash.purge`).
 */
export const trash = defineEntity({
  name: 'trash',
  area: 'system',
  title: { zh_CN: '回收站', en: 'Trash' },
  fields: {
    entity: F.text(32, { description: 'the kind of record (contract entity name, e.g. goodsTag)' }),
    recordId: Type.Integer({ minimum: 1, description: 'the deleted record\'s id; a restore gives it back' }),
    label: F.text(255, { description: 'the record\'s label when it was deleted (its name, number or title)' }),
    userId: Type.Integer({ minimum: 0, description: 'who deleted it (0 when unknown)' }),
    username: F.text(64, { description: 'who deleted it' }),
    expireTime: F.datetime({ description: 'when the entry is purged (TRASH_DAYS after the delete)' }),
    related: Type.Integer({ minimum: 0, description: 'records its cascade references took along (restored with it)' }),
  },
  label: 'label',
  base: 'trash',
  filters: { entity: 'eq', username: 'like', recordId: 'eq', createTime: 'range' },
  sortable: ['createTime', 'entity', 'username'],
  ops: { list: '/console/trash/list', info: false, listAll: false, add: false, update: false, del: false, updateStatus: false },
  large: true,
});

/** What a restore answers: the kind and id of the record brought back. */
export const TrashRestoreResult = Type.Object({
  entity: Type.String({ description: 'the kind of record' }),
  recordId: Type.Integer({ description: 'the record\'s id, the same it had' }),
});

export const trashRestore = defineAction({
  name: 'trash.restore',
  path: '/console/trash/restore',
  area: 'system',
  summary: 'Bring a deleted record back with the same id (needs the delete permission of its kind); refused, and nothing changes, when a reference is gone, a unique field conflicts or its id is taken',
  payload: Type.Object({ id: F.id({ description: 'the trash entry, as `id` of trash.list' }) }, { additionalProperties: false }),
  result: TrashRestoreResult,
});

export const trashPurge = defineAction({
  name: 'trash.purge',
  path: '/console/trash/purge',
  area: 'system',
  summary: 'Delete trash entries for good (administrators only); answers how many went',
  payload: IdsPayload,
  result: Type.Object({ count: Type.Integer({ minimum: 0 }) }),
});

/** The trash's endpoints as the contract lists them (/docs, the typed client). */
export const TRASH_ENTITIES = [trash] as const;
export const TRASH_ENDPOINTS = [...trash.endpoints, trashRestore, trashPurge];
