/** A node of PrimeReact's Tree/TreeSelect/TreeTable: the record under `data`, its id as the key. */
export interface RowNode {
  key: string;
  label: string;
  data: Record<string, unknown>;
  children?: RowNode[];
  leaf?: boolean;
}

/**
 * Builds parent/child nodes from flat records (spec §3 "Tree nodes: id, children, pid"): a record
 * whose parent is `rootValue` (default 0), missing or unknown is a root. Children keep the order of
 * `rows` (already sorted by the list). Cycles cannot hang it: every record is placed once.
 */
export function buildTree(rows: readonly Record<string, unknown>[], opts: { parentField?: string; labelField: string; rootValue?: number }): RowNode[] {
  const parentField = opts.parentField ?? 'parentId';
  const root = opts.rootValue ?? 0;
  const nodes = new Map<number, RowNode>();
  for (const r of rows) nodes.set(Number(r.id), { key: String(r.id), label: String(r[opts.labelField] ?? r.id), data: r });
  const out: RowNode[] = [];
  for (const r of rows) {
    const node = nodes.get(Number(r.id))!;
    const pid = Number(r[parentField] ?? root);
    const parent = pid !== root && pid !== Number(r.id) ? nodes.get(pid) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else out.push(node);
  }
  for (const n of nodes.values()) n.leaf = !n.children?.length;
  return out;
}

/** Ids of a node and all its descendants (a record cannot be moved under itself). */
export function subtreeIds(nodes: readonly RowNode[], id: number): Set<number> {
  const out = new Set<number>();
  const walk = (list: readonly RowNode[], inside: boolean) => {
    for (const n of list) {
      const here = inside || Number(n.key) === id;
      if (here) out.add(Number(n.key));
      if (n.children) walk(n.children, here);
    }
  };
  walk(nodes, false);
  return out;
}
