/**
 * A word diff of two texts, for showing how a long text changed (a rich text's history, docs/audit-trail.md):
 * the texts are cut into words, runs of spaces and single CJK characters (Chinese has no spaces
 * between words), and the longest common subsequence of those tokens is kept; the rest is deleted
 * or inserted. Texts too long to compare token by token (more than {@link MAX_CELLS} pairs) come
 * back as one deletion and one insertion.
 */

/** One run of a diff: kept, deleted (only before) or inserted (only after). */
export interface DiffPart {
  op: 'same' | 'del' | 'ins';
  text: string;
}

/** Most token pairs compared (the table's cells). */
const MAX_CELLS = 2_000_000;
const TOKEN = /[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]|\s+|[^\s\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]+/g;

/** The diff of `before` → `after`, adjacent runs of one kind joined. */
export function diffText(before: string, after: string): DiffPart[] {
  if (before === after) return before ? [{ op: 'same', text: before }] : [];
  const a = before.match(TOKEN) ?? [];
  const b = after.match(TOKEN) ?? [];
  // Common head and tail first: most edits change a little in the middle.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const x = a.slice(head, a.length - tail);
  const y = b.slice(head, b.length - tail);
  const parts: DiffPart[] = [];
  const push = (op: DiffPart['op'], text: string) => {
    if (!text) return;
    const last = parts[parts.length - 1];
    if (last?.op === op) last.text += text;
    else parts.push({ op, text });
  };
  push('same', a.slice(0, head).join(''));
  if (x.length * y.length > MAX_CELLS) {
    push('del', x.join(''));
    push('ins', y.join(''));
  } else {
    // lcs[i][j]: the longest common subsequence of x[i..] and y[j..].
    const w = y.length + 1;
    const lcs = new Uint32Array((x.length + 1) * w);
    for (let i = x.length - 1; i >= 0; i--) for (let j = y.length - 1; j >= 0; j--) lcs[i * w + j] = x[i] === y[j] ? lcs[(i + 1) * w + j + 1] + 1 : Math.max(lcs[(i + 1) * w + j], lcs[i * w + j + 1]);
    let i = 0;
    let j = 0;
    while (i < x.length && j < y.length) {
      if (x[i] === y[j]) {
        push('same', x[i]);
        i++;
        j++;
      } else if (lcs[(i + 1) * w + j] >= lcs[i * w + j + 1]) push('del', x[i++]);
      else push('ins', y[j++]);
    }
    while (i < x.length) push('del', x[i++]);
    while (j < y.length) push('ins', y[j++]);
  }
  push('same', a.slice(a.length - tail).join(''));
  return parts;
}

/** A kept run shortened to its first and last `context` characters around an ellipsis when longer. */
export function shortenSame(text: string, context = 30): string {
  return text.length > context * 2 + 3 ? `${text.slice(0, context)}…${text.slice(-context)}` : text;
}
