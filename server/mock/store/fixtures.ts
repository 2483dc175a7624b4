import fs from 'node:fs';
import path from 'node:path';
import { ENTITY, type EntityName } from '../../contract/index.js';
import type { AnyRow } from './seed.js';

/** Rows of some entities that replace the generated ones (FIXTURES_DIR). */
export type FixtureTables = Partial<Record<EntityName, readonly AnyRow[]>>;

/**
 * Reads `FIXTURES_DIR`: one `<entity>.json` per entity (a JSON array of records, e.g. written by
 * `npm run fixtures:from-recording`), whose rows replace that entity's generated rows; entities
 * without a file keep their generated rows. Rows are sorted by id and frozen like seeded rows;
 * `createTime`/`updateTime` default to '' when absent.
 * @throws Error naming the file when it is not a JSON array of objects with distinct positive integer ids,
 *   or names no entity of the contract.
 */
export function loadFixtureTables(dir: string): FixtureTables {
  const out: FixtureTables = {};
  for (const name of fs.readdirSync(dir).sort()) {
    if (!name.endsWith('.json')) continue;
    const entity = name.slice(0, -'.json'.length);
    const file = path.join(dir, name);
    if (!(entity in ENTITY)) throw new Error(`FIXTURES_DIR: ${file} names no entity of the contract`);
    const rows: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (!Array.isArray(rows)) throw new Error(`FIXTURES_DIR: ${file} must hold a JSON array of records`);
    const seen = new Set<number>();
    const table = rows.map((r: unknown, i) => {
      const row = r as Record<string, unknown>;
      if (!row || typeof row !== 'object' || !Number.isInteger(row.id) || (row.id as number) < 1 || seen.has(row.id as number))
        throw new Error(`FIXTURES_DIR: ${file} record ${i} needs a distinct positive integer id`);
      seen.add(row.id as number);
      return Object.freeze({ createTime: '', updateTime: '', ...row }) as AnyRow;
    });
    table.sort((a, b) => a.id - b.id);
    out[entity as EntityName] = Object.freeze(table);
  }
  return out;
}
