import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { translateMessage } from '../../server/plugins/localize.js';

/**
 * Issue 15: every refusal written in the server's code has a zh_CN pattern. The messages are read
 * from the source (`new MockError(…)`, `sendEnvelope(…, '…')`, `{ refused: '…' }`), each `${…}`
 * replaced by sample values (a number, an entity title, a word); a message passes when one of the
 * samples translates with nothing left over. A new message without a pattern fails here.
 */

const ROOT = path.resolve(import.meta.dirname, '../../server');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** The string or template literal starting at `i` (a quote), with each `${…}` as §; null when there is none. */
function literalAt(src: string, i: number): string | null {
  const q = src[i];
  if (q !== "'" && q !== '`' && q !== '"') return null;
  let out = '';
  for (let j = i + 1; j < src.length; j++) {
    const c = src[j];
    if (c === '\\') {
      out += src[j + 1] === 'n' ? '\n' : src[j + 1];
      j++;
    } else if (c === q) return out;
    else if (q === '`' && c === '$' && src[j + 1] === '{') {
      let depth = 1;
      j += 2;
      for (; j < src.length && depth; j++) {
        if (src[j] === '{') depth++;
        else if (src[j] === '}') depth--;
        else if (src[j] === '`') {
          // a nested template inside the expression: skip to its end (one level is enough here)
          j++;
          while (j < src.length && src[j] !== '`') j++;
        }
      }
      j--;
      out += '§';
    } else out += c;
  }
  return null;
}

const CALLS = [/new MockError\(\s*/g, /sendEnvelope\([^,]+,[^,]+,[^,]+,\s*/g, /refused: /g, /return '(?=[a-zA-Z]+: |must |is )/g];

function messages(): { where: string; text: string }[] {
  const out: { where: string; text: string }[] = [];
  for (const f of files(ROOT)) {
    if (f.includes(`${path.sep}contract${path.sep}`) || f.endsWith('message-catalogue.ts')) continue;
    const src = readFileSync(f, 'utf8');
    for (const re of CALLS) {
      for (const m of src.matchAll(re)) {
        const at = m.index + m[0].length - (m[0].endsWith("'") ? 1 : 0);
        const text = literalAt(src, at);
        if (text && /[a-z]{2,} [a-z]{2,}/i.test(text.replace(/§/g, ''))) out.push({ where: `${path.relative(ROOT, f)}:${src.slice(0, at).split('\n').length}`, text });
      }
    }
  }
  return out;
}

/** Status and kind words the messages put after "is", "was", "already". */
const STATES = ['frozen', 'sent', 'approved', 'a draft', 'already settled', 'cancelled', 'closed'];

/** The message with each `${…}` replaced by a value that fits where it stands (see the module comment). */
function instantiate(text: string, state: string): string {
  const parts = text.replace(/^§(?=[:. #])/, 'typeName').split('§');
  let out = parts[0];
  for (let i = 1; i < parts.length; i++) {
    const before = out;
    const after = parts[i];
    let v = '3';
    if (before.endsWith('¤') || (before === '' && i === 1 && after === '')) v = '';
    else if (/(?:^|\s)(?:no|a|new|sell a)\s$/.test(before)) v = 'goods';
    else if (/already used by $/.test(before) || /^ is used by/.test(after) || /\([^)]* of $/.test(before)) v = 'feedback type 3 (x)';
    else if (/^ of /.test(after) && before.endsWith('(')) v = 'typeId';
    else if (/by \d+ $/.test(before)) v = 'feedback';
    else if (/unsold $/.test(before)) v = 'codes';
    else if (/record$/.test(before)) v = 's';
    else if (/imported\. $/.test(before)) v = 'row 2: 卡号 (cardNo) is required';
    else if (/^ already/.test(after)) v = 'is';
    else if (/(?:\bis|\bwas|already) $/.test(before)) v = state;
    // Two placeholders in a row: the second adds an optional ending, left empty.
    out += (after === '' && i < parts.length - 1 ? v + '¤' : v) + after;
  }
  return out.replace(/¤/g, '');
}

test('every refusal written in server/ has a zh_CN pattern', () => {
  const all = messages();
  expect(all.length).toBeGreaterThan(120);
  // A message made only of other messages (`${problems}${more}. Nothing was imported.`) is checked where its parts are written.
  const own = all.filter(({ text }) => !/^§§/.test(text));
  const missing = own.filter(({ text }) => !STATES.some((st) => translateMessage(instantiate(text, st), 'zh_CN').missed.length === 0));
  expect(missing.map((m) => `${m.where} ${m.text.replace(/§/g, '${…}')} → ${instantiate(m.text, STATES[0])}`)).toEqual([]);
});
