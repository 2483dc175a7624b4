import fs from 'node:fs';
import zlib from 'node:zlib';
import { Zip, ZipDeflate, type AsyncFlateStreamHandler, type ZipInputFile } from 'fflate';

/**
 * A streaming `.xlsx` writer: one sheet written row by row straight into a zip on disk, so memory
 * stays flat however many rows go in (no shared-strings table: text cells are inline strings; the
 * sheet part is deflated as it is pushed). Numbers are numeric cells; money columns carry the
 * `#,##0.00` number format; the header row is bold. The sheet part is deflated by Node's zlib on
 * its thread pool ({@link PoolDeflate}), not on the event loop. Writing waits while the deflate or
 * the file stream is behind (their `drain`), and a write error (a full disk, `ENOSPC`) rejects the
 * next call and {@link close}.
 */

/** How a column's cells are written: text, a plain number, or money (a number formatted `#,##0.00`). */
export type CellStyle = 'text' | 'number' | 'money';

export interface SheetColumn {
  header: string;
  style: CellStyle;
  /** Width in characters. */
  width?: number;
}

/** Excel's bound on a sheet name's length. */
const SHEET_NAME_MAX = 31;

/**
 * A title as a sheet name Excel opens: the characters it refuses (`[ ] : * ? / \`) and control
 * characters dropped, no apostrophe at either end, at most 31 characters (by code point); `Sheet1`
 * when nothing is left. The same rule as the tab's export (web/crud/export.ts).
 */
export function sheetName(title: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const clean = title.replace(/[[\]:*?/\\\u0000-\u001f]/g, '').replace(/\s+/g, ' ').trim().replace(/^'+|'+$/g, '');
  return [...clean].slice(0, SHEET_NAME_MAX).join('').trim() || 'Sheet1';
}

// eslint-disable-next-line no-control-regex -- characters XML 1.0 cannot hold are dropped
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const esc = (s: string) => s.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `A`, `B`, … `Z`, `AA`, … for a 0-based column. */
function letters(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const CONTENT_TYPES = `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;
const ROOT_RELS = `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS = `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;
// Styles: 0 default, 1 bold (the header), 2 money (`#,##0.00`).
const STYLES = `${XML_HEAD}<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="#,##0.00"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;
const workbook = (name: string) =>
  `${XML_HEAD}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${esc(name)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

/**
 * A zip entry deflated by a zlib stream (`deflateRaw`, run on libuv's thread pool) for fflate's
 * `Zip`: the entry's CRC-32 and size are counted as its text is pushed, and its compressed chunks
 * are handed to the zip as zlib answers them. `push` answers false while zlib holds more than its
 * buffer (wait for `onDrain`).
 */
class PoolDeflate implements ZipInputFile {
  crc = 0;
  size = 0;
  readonly compression = 8;
  /** General-purpose flag bits 1–2: the fastest deflate. */
  readonly flag = 3 as const;
  ondata: AsyncFlateStreamHandler = () => undefined;
  private readonly z: zlib.DeflateRaw;

  constructor(
    readonly filename: string,
    level: number,
    onDrain: () => void,
  ) {
    this.z = zlib.createDeflateRaw({ level });
    // zlib's chunks are plain buffers of their own (never a SharedArrayBuffer's view).
    this.z.on('data', (chunk: Buffer) => this.ondata(null, chunk as Uint8Array<ArrayBuffer>, false));
    this.z.on('end', () => this.ondata(null, new Uint8Array(0), true));
    this.z.on('error', (e) => this.ondata(Object.assign(e, { code: 0 }), new Uint8Array(0), false));
    this.z.on('drain', onDrain);
  }

  push(chunk: Uint8Array, final = false): boolean {
    this.crc = zlib.crc32(chunk, this.crc);
    this.size += chunk.length;
    const room = this.z.write(chunk);
    if (final) this.z.end();
    return room;
  }

  terminate(): void {
    this.z.destroy();
  }
}

/** Text gathered before it is deflated and written (a few rows' worth). */
const FLUSH_CHARS = 64 * 1024;

/** One workbook being written (see the module comment). */
export class XlsxStreamWriter {
  private readonly out: fs.WriteStream;
  private readonly zip: Zip;
  private sheet: PoolDeflate | null = null;
  /** The sheet's deflate holds more than its buffer. */
  private deflateBehind = false;
  private readonly refs: string[];
  private pending = '';
  private rowNo = 0;
  private error: Error | null = null;
  private behind = false;
  private waiting: (() => void)[] = [];
  private readonly finished: Promise<void>;
  /** Bytes handed to the file so far. */
  bytes = 0;

  /**
   * Opens `file` for writing (created or truncated) with one sheet named {@link sheetName}`(name)`
   * and a bold header row of the columns.
   */
  constructor(file: string, name: string, private readonly columns: readonly SheetColumn[]) {
    this.refs = columns.map((_, i) => letters(i));
    this.out = fs.createWriteStream(file);
    this.finished = new Promise<void>((resolve, reject) => {
      this.out.on('finish', resolve);
      this.out.on('error', (e) => {
        this.error ??= e;
        this.release();
        reject(e);
      });
    });
    this.finished.catch(() => undefined);
    this.out.on('drain', () => {
      this.behind = false;
      this.release();
    });
    this.zip = new Zip((err, chunk, final) => {
      if (err) {
        this.error ??= err;
        this.release();
        // The file is unusable: its stream ends in that error, which close() answers.
        this.out.destroy(err);
        return;
      }
      if (this.error) return;
      this.bytes += chunk.length;
      if (!this.out.write(chunk)) this.behind = true;
      if (final) {
        this.out.end();
      }
    });
    const part = (path: string, text: string) => {
      const f = new ZipDeflate(path, { level: 6 });
      this.zip.add(f);
      f.push(new TextEncoder().encode(text), true);
    };
    part('[Content_Types].xml', CONTENT_TYPES);
    part('_rels/.rels', ROOT_RELS);
    part('xl/workbook.xml', workbook(sheetName(name)));
    part('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
    part('xl/styles.xml', STYLES);
    // Level 1: the sheet is most of the work, and the fastest level costs little size on repetitive XML.
    this.sheet = new PoolDeflate('xl/worksheets/sheet1.xml', 1, () => {
      this.deflateBehind = false;
      this.release();
    });
    this.zip.add(this.sheet);
    const cols = columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? 18}" customWidth="1"/>`).join('');
    this.pending = `${XML_HEAD}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols>${cols}</cols><sheetData>`;
    this.row(columns.map((c) => c.header), true);
  }

  /** Rows written so far, the header not counted. */
  get rows(): number {
    return Math.max(this.rowNo - 1, 0);
  }

  private release(): void {
    const w = this.waiting;
    this.waiting = [];
    for (const f of w) f();
  }

  private row(cells: readonly (string | number | null | undefined)[], header = false): void {
    const r = ++this.rowNo;
    let xml = `<row r="${r}">`;
    for (let i = 0; i < this.refs.length; i++) {
      const v = cells[i];
      if (v === null || v === undefined || v === '') continue;
      const ref = `${this.refs[i]}${r}`;
      if (header) xml += `<c r="${ref}" s="1" t="inlineStr"><is><t>${esc(String(v))}</t></is></c>`;
      else if (typeof v === 'number') {
        if (!Number.isFinite(v)) continue;
        xml += this.columns[i].style === 'money' ? `<c r="${ref}" s="2"><v>${v}</v></c>` : `<c r="${ref}"><v>${v}</v></c>`;
      } else xml += `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${esc(v)}</t></is></c>`;
    }
    this.pending += `${xml}</row>`;
  }

  private flush(final: boolean): void {
    if (!this.sheet) return;
    const text = this.pending;
    this.pending = '';
    if (!this.sheet.push(Buffer.from(text, 'utf8'), final)) this.deflateBehind = true;
    if (final) {
      this.sheet = null;
      this.zip.end();
    }
  }

  /**
   * Appends data rows (cells in column order: a number is a numeric cell, text an inline string,
   * null or empty an empty cell), and resolves once the file has taken what it is given (it waits
   * while the file stream is behind). @throws the file's write error (e.g. `ENOSPC`).
   */
  async addRows(rows: readonly (readonly (string | number | null | undefined)[])[]): Promise<void> {
    if (this.error) throw this.error;
    for (const cells of rows) {
      this.row(cells);
      if (this.pending.length >= FLUSH_CHARS) this.flush(false);
    }
    this.flush(false);
    while ((this.behind || this.deflateBehind) && !this.error) await new Promise<void>((resolve) => this.waiting.push(resolve));
    if (this.error) throw this.error;
  }

  /** Ends the sheet and the zip; resolves with the file's size once it is on disk. @throws the file's write error. */
  async close(): Promise<number> {
    if (this.error) throw this.error;
    this.pending += '</sheetData></worksheet>';
    // The zip ends the file once the sheet's last deflated chunk is in (zlib answers after this call).
    this.flush(true);
    await this.finished;
    if (this.error) throw this.error;
    return this.bytes;
  }

  /** Stops writing at once (the caller deletes the file); never throws. */
  async abort(): Promise<void> {
    this.error ??= new Error('aborted');
    this.sheet?.terminate();
    this.sheet = null;
    await new Promise<void>((resolve) => {
      if (this.out.closed || this.out.destroyed) return resolve();
      this.out.once('close', () => resolve());
      this.out.destroy();
    });
  }
}
