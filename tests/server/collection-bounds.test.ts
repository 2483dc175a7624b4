import { describe, expect, test } from 'vitest';
import { ENTITY, type AnyEntity } from '../../server/contract/index.js';
import { Collection, JSON_ROWS_KEPT, RESULT_ENTRIES, RESULT_ROWS_KEPT, type ListQuery } from '../../server/mock/store/collection.js';
import { generate, type AnyRow } from '../../server/mock/store/seed.js';
import { SEED_STEPS } from '../../server/mock/store/steps.js';

/**
 * What a collection keeps for its list answers is bounded whatever the bodies: at most
 * RESULT_ENTRIES kept answers and RESULT_ROWS_KEPT rows in them together, at most JSON_ROWS_KEPT
 * rows' JSON bytes, and a reset drops both. Answers after evictions equal a fresh collection's.
 */

const data = generate(11, 0.1, SEED_STEPS);
const def = ENTITY.card as unknown as AnyEntity;
const rows = data.tables.card as readonly AnyRow[];
const fresh = () => new Collection(def, rows);

describe('card collection caches', () => {
  test('distinct keywords keep at most RESULT_ENTRIES answers', () => {
    const col = fresh();
    for (let i = 0; i < RESULT_ENTRIES + 150; i++) {
      col.list({ keyword: `k${i}`, pageNum: 1, pageSize: 10 });
      expect(col.cacheSizes().answers).toBeLessThanOrEqual(RESULT_ENTRIES);
    }
    expect(col.cacheSizes().answers).toBe(RESULT_ENTRIES);
  });

  test('deep pages of distinct queries keep at most RESULT_ROWS_KEPT rows, and answer as a fresh collection does', () => {
    expect(rows.length).toBeGreaterThan(2_000);
    const col = fresh();
    const queries: ListQuery[] = [];
    for (const keyword of '0123456789') for (const sortField of ['id', 'createTime']) for (const sortOrder of ['asc', 'desc'] as const) queries.push({ keyword, sortField, sortOrder, pageNum: 1, pageSize: rows.length });
    let asked = 0;
    for (const q of queries) {
      asked += col.list(q).list.length;
      expect(col.cacheSizes().answerRows).toBeLessThanOrEqual(RESULT_ROWS_KEPT);
    }
    // The bound was reached: the oldest answers were dropped, and asking them again answers the same.
    expect(asked).toBeGreaterThan(RESULT_ROWS_KEPT);
    expect(col.cacheSizes().answers).toBeLessThan(queries.length);
    for (const q of queries.slice(0, 3)) expect(col.list({ ...q, pageSize: 20, pageNum: 3 })).toEqual(fresh().list({ ...q, pageSize: 20, pageNum: 3 }));
  });

  test('JSON bytes of at most JSON_ROWS_KEPT rows; a reset drops them and the kept answers', () => {
    const col = fresh();
    const head = Buffer.from('{"data":');
    const tail = Buffer.from('}');
    for (let pageNum = 1; pageNum <= 20; pageNum++) col.listBytes({ pageNum, pageSize: 50 }, head, tail);
    expect(col.cacheSizes().jsonRows).toBe(1_000);
    expect(col.cacheSizes().jsonRows).toBeLessThanOrEqual(JSON_ROWS_KEPT);
    expect(col.cacheSizes().answers).toBeGreaterThan(0);
    col.replace({ ...col.get(rows[0].id)!, batchNo: 'changed' });
    col.reset();
    expect(col.cacheSizes()).toEqual({ answers: 0, answerRows: 0, jsonRows: 0 });
    // Still the same bytes as a fresh collection's.
    expect(col.listBytes({ pageNum: 2, pageSize: 50 }, head, tail).equals(fresh().listBytes({ pageNum: 2, pageSize: 50 }, head, tail))).toBe(true);
  });
});
