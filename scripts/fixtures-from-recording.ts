/**
 * `npm run fixtures:from-recording -- <RECORD_DIR> [outDir]`: turns a recording of the
 * platform (RECORD_DIR of proxy or hybrid mode) into mock seed fixtures, so a demo starts from the
 * platform's real shapes: `FIXTURES_DIR=<outDir> npm start` (mock, hybrid or replay mode).
 *
 * For every entity of the contract, the records its recorded answers contain become
 * `<outDir>/<entity>.json` (a JSON array sorted by id):
 * - `list` answers (`data.list`) and `info` answers (`data`) give whole records;
 * - `listAll` answers (`[{id, <label>}]`) give records only for ids no list or info answer had
 *   (they hold just the label, so the mock fills nothing else in).
 * Only answers with HTTP 200 and envelope code 200 count; a record seen in several answers keeps
 * the most recently recorded one. Values stay redacted as recorded (`[redacted]`).
 * Default outDir: `fixtures/recorded`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENTITIES, type AnyEntity } from '../server/contract/index.js';
import { answerBytes, readRecording, type RecordedExchange } from '../server/platform/recording.js';

type Row = Record<string, unknown> & { id: number };

/** `POST path` → the entity and CRUD op it serves. */
const OPS = new Map<string, { entity: string; op: string }>();
for (const e of ENTITIES as readonly AnyEntity[]) for (const ep of e.endpoints) if (ep.op) OPS.set(`${ep.method} ${ep.path}`, { entity: e.name, op: ep.op });

const isRow = (v: unknown): v is Row => !!v && typeof v === 'object' && !Array.isArray(v) && Number.isInteger((v as Row).id) && (v as Row).id > 0;

/**
 * The entity records a recording holds (see module doc), by entity name; entities without any are
 * left out.
 */
export function fixturesFromRecording(recordings: RecordedExchange[]): Record<string, Row[]> {
  const full = new Map<string, Map<number, Row>>();
  const labels = new Map<string, Map<number, Row>>();
  const put = (m: Map<string, Map<number, Row>>, entity: string, row: Row) => {
    const t = m.get(entity) ?? new Map<number, Row>();
    t.set(row.id, row);
    m.set(entity, t);
  };
  for (const r of [...recordings].sort((a, b) => (a.recordedAt < b.recordedAt ? -1 : a.recordedAt > b.recordedAt ? 1 : 0))) {
    const what = OPS.get(`${r.method} ${r.path}`);
    if (!what || r.status !== 200 || !['list', 'info', 'listAll'].includes(what.op)) continue;
    let env: { code?: unknown; data?: unknown };
    try {
      env = JSON.parse(answerBytes(r).toString('utf8')) as typeof env;
    } catch {
      continue;
    }
    if (env.code !== 200) continue;
    const data = env.data as { list?: unknown } | unknown[] | null;
    if (what.op === 'list' && data && !Array.isArray(data) && Array.isArray(data.list)) for (const row of data.list) if (isRow(row)) put(full, what.entity, row);
    if (what.op === 'info' && isRow(data)) put(full, what.entity, data);
    if (what.op === 'listAll' && Array.isArray(data)) for (const row of data) if (isRow(row)) put(labels, what.entity, row);
  }
  const out: Record<string, Row[]> = {};
  for (const entity of new Set([...full.keys(), ...labels.keys()])) {
    const rows = new Map(full.get(entity));
    for (const [id, row] of labels.get(entity) ?? []) if (!rows.has(id)) rows.set(id, row);
    out[entity] = [...rows.values()].sort((a, b) => a.id - b.id);
  }
  return out;
}

/** Writes the fixtures of a recording folder into `outDir`; answers what was written. */
export function writeFixtures(recordDir: string, outDir: string): { entity: string; rows: number; file: string }[] {
  const recordings = readRecording(recordDir);
  if (recordings.length === 0) throw new Error(`no recording in ${recordDir}`);
  const tables = fixturesFromRecording(recordings);
  fs.mkdirSync(outDir, { recursive: true });
  return Object.entries(tables).map(([entity, rows]) => {
    const file = path.join(outDir, `${entity}.json`);
    fs.writeFileSync(file, JSON.stringify(rows, null, 1) + '\n');
    return { entity, rows: rows.length, file };
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const [recordDir, outDir = path.join('fixtures', 'recorded')] = process.argv.slice(2);
  if (!recordDir) {
    console.error('usage: npm run fixtures:from-recording -- <RECORD_DIR> [outDir]');
    process.exit(2);
  }
  try {
    const written = writeFixtures(path.resolve(recordDir), path.resolve(outDir));
    for (const w of written) console.log(`${w.entity}: ${w.rows} records → ${path.relative(process.cwd(), w.file)}`);
    console.log(written.length ? `start the mock from them: FIXTURES_DIR=${outDir} npm start` : 'the recording holds no list, info or listAll answers');
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
}
