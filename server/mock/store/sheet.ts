import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import writeXlsxFile from 'write-excel-file/node';
import type { SheetData } from 'write-excel-file/node';
import type { MessageKey, MessageParams } from '../../contract/messages.js';
import { MockError } from './crud.js';

/**
 * Spreadsheet reading and writing for the mock's imports and exports (.xlsx only). Reading checks the
 * header, turns each data row into an object by column, and reports problems by spreadsheet row
 * number (the header is row 1), so an operator can find the cell; nothing is imported unless every
 * row is good.
 */

/** A column of an import/export sheet: the record field and the header texts accepted for it. */
export interface SheetColumn {
  field: string;
  zh_CN: string;
  en: string;
  /** Required columns must be present in the header. */
  required?: boolean;
}

export type Cell = string | number | boolean | Date | null;

/** At most this many data rows per sheet; a bigger file is refused as a whole. */
export const MAX_IMPORT_ROWS = 50_000;
/** At most this many cells per sheet (50,000 rows of 20 columns). */
export const MAX_IMPORT_CELLS = 1_000_000;
/** The unpacked size of all parts of the .xlsx together; a 50,000-row sheet of 7 columns is ~12.5 MB. */
export const MAX_UNZIPPED_BYTES = 20 * 1024 * 1024;
/** Parts in the .xlsx zip; a workbook from Excel has about 10 to 30. */
export const MAX_ZIP_ENTRIES = 200;
/** Largest .xlsx accepted as sent (the upload limit is another, larger bound). */
export const MAX_SHEET_BYTES = 10 * 1024 * 1024;
/** Parsing a sheet may take this long (in its worker) before it is given up. */
const PARSE_TIMEOUT_MS = 60_000;
/** Sheets parsed at once; more wait their turn, and beyond MAX_WAITING are refused as busy. */
const MAX_PARALLEL = 2;
const MAX_WAITING = 8;

const MB = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
/** Declared types a browser may give an .xlsx file (some send no type or a generic one). */
const XLSX_DECLARED = new Set(['', 'application/octet-stream', 'application/zip', 'application/x-zip-compressed', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);

/** What the sender said the file is (multipart part headers). */
export interface DeclaredFile {
  mimetype?: string;
  filename?: string;
}

/** A refusal of the file itself: its HTTP status is its code, as for `POST /upload` (the form's refusals, server/mock/routes/actions.ts). */
const fileRefusal = (key: MessageKey, params: MessageParams = {}, code = 400) => new MockError('file', key, params, code, code);
const tooLarge = (key: MessageKey, params: MessageParams = {}) => fileRefusal(key, params, 413);
const notXlsx = () => fileRefusal('sheet.notXlsx');

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  declaredSize: number;
  localOffset: number;
}

/**
 * The entries of a zip from its central directory, checking the sniffed type and the entry count.
 * @throws MockError 400 when the bytes are not a zip with an .xlsx's parts, 413 when it has more
 *   than MAX_ZIP_ENTRIES entries or declares more than MAX_UNZIPPED_BYTES.
 */
export function zipEntries(file: Buffer): ZipEntry[] {
  if (file.length < 22 || file.readUInt32LE(0) !== 0x04034b50) throw notXlsx();
  // The end-of-central-directory record is in the last 64 KB + 22 bytes (its comment is at most 64 KB).
  const eocd = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]), file.length - 22);
  if (eocd < 0 || eocd < file.length - 22 - 0xffff) throw notXlsx();
  const count = file.readUInt16LE(eocd + 10);
  if (count > MAX_ZIP_ENTRIES) throw tooLarge('sheet.tooManyParts', { count, max: MAX_ZIP_ENTRIES });
  let at = file.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  let declared = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > file.length || file.readUInt32LE(at) !== 0x02014b50) throw notXlsx();
    const nameLength = file.readUInt16LE(at + 28);
    const entry: ZipEntry = {
      name: file.toString('utf8', at + 46, at + 46 + nameLength),
      method: file.readUInt16LE(at + 10),
      compressedSize: file.readUInt32LE(at + 20),
      declaredSize: file.readUInt32LE(at + 24),
      localOffset: file.readUInt32LE(at + 42),
    };
    declared += entry.declaredSize;
    entries.push(entry);
    at += 46 + nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
  }
  if (!entries.some((e) => e.name === '[Content_Types].xml') || !entries.some((e) => e.name === 'xl/workbook.xml')) throw notXlsx();
  if (declared > MAX_UNZIPPED_BYTES) throw tooLarge('sheet.unpacksTo', { size: MB(declared), max: MB(MAX_UNZIPPED_BYTES) });
  return entries;
}

const inflateRaw = promisify(zlib.inflateRaw) as (buf: Buffer, options: zlib.ZlibOptions & { maxOutputLength?: number }) => Promise<Buffer>;

/** One turn of the event loop, so other requests are answered between slices of long work. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Occurrences of `needle` in `hay` (byte search; no string of the whole part is made), pausing
 * every few milliseconds so counting a big sheet never holds the event loop.
 */
async function countOf(hay: Buffer, needle: Buffer, stopAfter: number): Promise<number> {
  let n = 0;
  let slice = performance.now();
  for (let at = hay.indexOf(needle); at >= 0 && n <= stopAfter; at = hay.indexOf(needle, at + needle.length)) {
    n++;
    if ((n & 4095) === 0 && performance.now() - slice > SLICE_MS) {
      await turn();
      slice = performance.now();
    }
  }
  return n;
}

/** Longest stretch of import work between two pauses, in ms. */
const SLICE_MS = 20;

/**
 * Calls `fn` for every item, pausing for a turn of the event loop whenever SLICE_MS have passed,
 * so checking or storing 50,000 imported rows does not hold other requests. Imports use
 * it for their per-row checks and inserts.
 */
export async function inSlices<T>(items: readonly T[], fn: (item: T, index: number) => void): Promise<void> {
  let slice = performance.now();
  for (let i = 0; i < items.length; i++) {
    fn(items[i], i);
    if ((i & 255) === 255 && performance.now() - slice > SLICE_MS) {
      await turn();
      slice = performance.now();
    }
  }
}

/**
 * Unpacks every part (in zlib's thread pool, never more than MAX_UNZIPPED_BYTES in all, whatever
 * the sizes the zip declares) and counts rows and cells of each worksheet.
 * @throws MockError 413 naming the limit that was passed.
 */
export async function checkXlsxLimits(file: Buffer, entries = zipEntries(file)): Promise<void> {
  let budget = MAX_UNZIPPED_BYTES;
  const over = () => tooLarge('sheet.unpacksOver', { max: MB(MAX_UNZIPPED_BYTES) });
  for (const e of entries) {
    if (e.localOffset + 30 > file.length || file.readUInt32LE(e.localOffset) !== 0x04034b50) throw notXlsx();
    const start = e.localOffset + 30 + file.readUInt16LE(e.localOffset + 26) + file.readUInt16LE(e.localOffset + 28);
    const packed = file.subarray(start, start + e.compressedSize);
    let data: Buffer;
    if (e.method === 0) data = packed;
    else if (e.method === 8) {
      try {
        data = await inflateRaw(packed, { maxOutputLength: Math.max(1, budget) });
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError) throw over();
        throw notXlsx();
      }
    } else throw notXlsx();
    budget -= data.length;
    if (budget < 0) throw over();
    if (/^xl\/worksheets\/[^/]+\.xml$/.test(e.name)) {
      const rows = await countOf(data, Buffer.from('<row'), MAX_IMPORT_ROWS + 1);
      if (rows > MAX_IMPORT_ROWS + 1) throw tooLarge('sheet.rowsOver', { max: MAX_IMPORT_ROWS });
      const cells = await countOf(data, Buffer.from('<c '), MAX_IMPORT_CELLS);
      if (cells > MAX_IMPORT_CELLS) throw tooLarge('sheet.cellsOver', { max: MAX_IMPORT_CELLS });
    }
  }
}

/** read-excel-file's entry for Node, as a URL a worker can import. */
const READER_URL = pathToFileURL(createRequire(import.meta.url).resolve('read-excel-file/node').replace(/index\.cjs$/, 'index.js')).href;

/** The worker's whole program: parse the bytes it was given and post the rows back. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.reader)
  .then(({ readSheet }) => readSheet(Buffer.from(workerData.file.buffer, workerData.file.byteOffset, workerData.file.byteLength)))
  .then((data) => parentPort.postMessage({ data }), (err) => parentPort.postMessage({ error: String((err && err.message) || err) }));
`;

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `fn` when one of MAX_PARALLEL slots is free. @throws MockError 503 when too many wait already. */
async function inTurn<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL) {
    if (waiting.length >= MAX_WAITING) throw fileRefusal('sheet.busy', {}, 503);
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running++;
  try {
    return await fn();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/**
 * Parses the first sheet in a worker thread, so a big sheet never holds the event loop,
 * with its own heap limit and a time limit.
 */
function parseInWorker(file: Buffer): Promise<Cell[][]> {
  return inTurn(
    () =>
      new Promise<Cell[][]>((resolve, reject) => {
        const worker = new Worker(WORKER_SOURCE, {
          eval: true,
          workerData: { reader: READER_URL, file: new Uint8Array(file) },
          resourceLimits: { maxOldGenerationSizeMb: 512 },
        });
        const timer = setTimeout(() => {
          void worker.terminate();
          reject(tooLarge('sheet.slow', { seconds: PARSE_TIMEOUT_MS / 1000 }));
        }, PARSE_TIMEOUT_MS);
        const done = () => clearTimeout(timer);
        worker.once('message', (m: { data?: Cell[][]; error?: string }) => {
          done();
          void worker.terminate();
          if (m.data) resolve(m.data);
          else reject(notXlsx());
        });
        worker.once('error', (err) => {
          done();
          reject((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooLarge('sheet.tooBig') : notXlsx());
        });
        worker.once('exit', () => {
          done();
          reject(notXlsx());
        });
      }),
  );
}

/**
 * Reads the first sheet of an .xlsx file into one object per non-empty data row, keyed by field.
 * Before parsing, the file is checked: declared type and name, sniffed type, size
 * (MAX_SHEET_BYTES), the zip's entry count and unpacked size (MAX_ZIP_ENTRIES, MAX_UNZIPPED_BYTES,
 * checked while unpacking, not trusted from the zip), and rows and cells per sheet
 * (MAX_IMPORT_ROWS, MAX_IMPORT_CELLS). The parse itself runs in a worker thread.
 * @param declared what the sender said the file is (multipart type and name), when known.
 * @returns `{rows, rowNumbers}`: `rowNumbers[i]` is the spreadsheet row of `rows[i]`.
 * @throws MockError `file: …`, in the HTTP status of its code: 400 when the bytes are not an .xlsx
 *   file, the sheet is empty or a required column is missing; 413 naming the limit a file passes; 503
 *   when too many imports run at once.
 */
export async function readRows(file: Buffer, columns: SheetColumn[], declared: DeclaredFile = {}): Promise<{ rows: Record<string, Cell>[]; rowNumbers: number[] }> {
  const type = (declared.mimetype ?? '').split(';')[0].trim().toLowerCase();
  if (!XLSX_DECLARED.has(type)) throw fileRefusal('sheet.notXlsxType', { type });
  if (declared.filename && !/\.xlsx$/i.test(declared.filename)) throw fileRefusal('sheet.notXlsxName', { name: declared.filename });
  if (file.length > MAX_SHEET_BYTES) throw tooLarge('sheet.fileOver', { max: MB(MAX_SHEET_BYTES) });
  await checkXlsxLimits(file);
  const data = await parseInWorker(file);
  if (!data.length) throw fileRefusal('sheet.empty');
  const header = data[0].map((c) => (c === null ? '' : String(c).trim()));
  const index = new Map<string, number>();
  for (const col of columns) {
    const at = header.findIndex((h) => h === col.zh_CN || h.toLowerCase() === col.en.toLowerCase() || h === col.field);
    if (at >= 0) index.set(col.field, at);
    else if (col.required) throw fileRefusal('sheet.missingColumn', { header: col.zh_CN, headerEn: col.en });
  }
  const rows: Record<string, Cell>[] = [];
  const rowNumbers: number[] = [];
  for (let r = 1; r < data.length; r++) {
    const cells = data[r];
    if (cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''))) continue;
    const obj: Record<string, Cell> = {};
    for (const [field, at] of index) {
      const v = cells[at] ?? null;
      obj[field] = typeof v === 'string' ? v.trim() : v;
    }
    rows.push(obj);
    rowNumbers.push(r + 1);
  }
  if (!rows.length) throw fileRefusal('sheet.noRows');
  if (rows.length > MAX_IMPORT_ROWS) throw tooLarge('sheet.tooManyRows', { rows: rows.length, max: MAX_IMPORT_ROWS });
  return { rows, rowNumbers };
}

/** A whole number from a cell (numbers, or text of digits). */
export function intCell(v: Cell): number | null {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^\d+$/.test(v)) return Number(v);
  return null;
}

/** Text from a cell; numbers become their digits (a phone typed as a number). */
export function textCell(v: Cell): string {
  if (v === null) return '';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(v);
  if (v instanceof Date) return v.toISOString();
  return String(v).trim();
}

/** Writes one sheet with a bold header row of the columns' zh_CN titles and the given rows. */
export async function writeRows(sheet: string, columns: SheetColumn[], rows: Record<string, unknown>[]): Promise<Buffer> {
  const data: SheetData = [
    columns.map((c) => ({ value: c.zh_CN, fontWeight: 'bold' as const })),
    ...rows.map((r) => columns.map((c) => {
      const v = r[c.field];
      return v === undefined || v === null ? null : typeof v === 'number' ? { value: v, type: Number } : { value: String(v), type: String };
    })),
  ];
  return writeXlsxFile(data, { sheet, columns: columns.map((c) => ({ width: Math.max(10, c.zh_CN.length * 2 + 4) })) }).toBuffer();
}

/** `Content-Disposition` for a download with a non-ASCII file name (RFC 6266 / 5987). */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
