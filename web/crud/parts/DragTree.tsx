import { useMemo, useState, type ReactNode } from 'react';
import { Tree, type TreeDragDropEvent, type TreeExpandedKeysType } from 'primereact/tree';
import type { TreeNode } from 'primereact/treenode';

/** A node of the tree: a record's id and label, its children in display order. */
export interface DragTreeNode {
  id: number;
  label: string;
  /** Shown dimmed and struck through (a hidden entry). */
  muted?: boolean;
  children: DragTreeNode[];
}

/** {@link DragTree}'s props. */
export interface DragTreeProps {
  nodes: DragTreeNode[];
  /**
   * A node was dropped: its new parent (0 = top level) and its position among the new siblings
   * (0-based). The owner saves the move and passes the new `nodes`; until then the tree shows the old ones.
   */
  onMove?: (id: number, parentId: number, index: number) => void;
  /** Buttons drawn at the end of each node's row (edit, add child, hide…). */
  actions?: (node: DragTreeNode, depth: number) => ReactNode;
  /** Extra content after a node's label (tags). */
  extra?: (node: DragTreeNode) => ReactNode;
  /** Deepest level a node may be dropped into (2 = top level and one level of children). */
  maxDepth?: number;
  ariaLabel?: string;
}

function toTree(nodes: DragTreeNode[], depth = 1): TreeNode[] {
  return nodes.map((n) => ({ key: String(n.id), label: n.label, data: { node: n, depth }, children: toTree(n.children, depth + 1), droppable: true }));
}

/** Where `id` sits in a tree: its parent's id (0 at the top) and index; null when absent. */
export function locate(tree: TreeNode[], id: string, parent = 0): { parentId: number; index: number } | null {
  for (let i = 0; i < tree.length; i++) {
    if (tree[i].key === id) return { parentId: parent, index: i };
    const found = locate(tree[i].children ?? [], id, Number(tree[i].key));
    if (found) return found;
  }
  return null;
}

function depthOf(tree: TreeNode[], id: string, depth = 1): number {
  for (const n of tree) {
    if (n.key === id) return depth;
    const d = depthOf(n.children ?? [], id, depth + 1);
    if (d) return d;
  }
  return 0;
}

function height(n: TreeNode): number {
  return 1 + Math.max(0, ...(n.children ?? []).map(height));
}

/**
 * A tree edited by drag and drop (PrimeReact `Tree` with drag-drop): drop a node between two
 * others to reorder, onto a node to move it under that node. A drop that would go deeper than
 * `maxDepth` is refused here before any call. Every node starts expanded. Generic (no area
 * imports): the navigation editor uses it; menus and categories could too.
 */
export function DragTree({ nodes, onMove, actions, extra, maxDepth, ariaLabel }: DragTreeProps) {
  const value = useMemo(() => toTree(nodes), [nodes]);
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const expandedKeys = useMemo(() => {
    const keys: TreeExpandedKeysType = {};
    const walk = (list: TreeNode[]) => list.forEach((n) => {
      if (!collapsed.has(String(n.key))) keys[String(n.key)] = true;
      walk(n.children ?? []);
    });
    walk(value);
    return keys;
  }, [value, collapsed]);

  const onDragDrop = (e: TreeDragDropEvent) => {
    const id = String(e.dragNode.key);
    const at = locate(e.value, id);
    if (!at || !onMove) return;
    if (maxDepth && depthOf(e.value, id) + height(e.dragNode) - 1 > maxDepth) return;
    onMove(Number(id), at.parentId, at.index);
  };

  return (
    <Tree
      value={value}
      dragdropScope={onMove ? 'parts-drag-tree' : undefined}
      onDragDrop={onDragDrop}
      expandedKeys={expandedKeys}
      onToggle={(e) => {
        const all: string[] = [];
        const walk = (list: TreeNode[]) => list.forEach((n) => (all.push(String(n.key)), walk(n.children ?? [])));
        walk(value);
        setCollapsed(new Set(all.filter((k) => !e.value[k])));
      }}
      className="parts-tree w-full"
      aria-label={ariaLabel}
      // A node is named by what it shows (its label and extras such as link values; its action
      // buttons keep their own names), not by an aria-label of the label alone, which leaves the
      // extras unread (axe label-content-name-mismatch).
      pt={{ node: { 'aria-label': undefined } }}
      nodeTemplate={(n) => {
        const { node, depth } = n.data as { node: DragTreeNode; depth: number };
        return (
          <span className={`parts-tree__node${node.muted ? ' parts-tree__node--hidden' : ''}`} data-testid="tree-node" data-id={node.id}>
            <span className="parts-tree__label">{node.label}</span>
            {extra?.(node)}
            <span className="parts-tree__actions" onClick={(ev) => ev.stopPropagation()}>{actions?.(node, depth)}</span>
          </span>
        );
      }}
    />
  );
}
