import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TreeSelect } from 'primereact/treeselect';
import type { InputProps } from '../types';
import { useListEvery } from '../queries';
import { buildTree, type RowNode } from '../tree';

/**
 * Tree select for parent/child entities (kind `tree`, e.g. a category's parent or a goods
 * category): the whole (small) entity from its `list`, nested by `parentId`, loaded when the form
 * opens and again when that entity changes. `rootValue` (default 0) is offered as "top level"
 * in forms; in the search form it means no filter.
 */
export function TreeInput({ spec, value, onChange, invalid, id, placeholder, filter, describedBy }: InputProps) {
  const { t } = useTranslation();
  const entity = spec.override.refEntity!;
  const root = spec.override.rootValue ?? 0;
  // Fetched again on every open form (staleTime 0): a stale tree would offer a node someone else just deleted.
  const rows = useListEvery(entity);
  const nodes = useMemo<RowNode[]>(() => {
    const tree = buildTree(rows, { labelField: entity.label, rootValue: root });
    // A parent picker offers "top level" (the root value); a plain reference does not.
    const isParent = spec.name === 'parentId' && !filter;
    return isParent ? [{ key: String(root), label: t('crud.treeRoot'), data: {}, leaf: true }, ...tree] : tree;
  }, [rows, entity, root, spec.name, filter, t]);
  return (
    <TreeSelect
      inputId={id}
      className={invalid ? 'p-invalid w-full' : 'w-full'}
      value={value === null || value === undefined ? null : String(value)}
      options={nodes}
      onChange={(e) => onChange(e.value === null || e.value === undefined || e.value === '' ? null : Number(e.value as string))}
      filter
      showClear={filter || !spec.required}
      placeholder={placeholder ?? t('crud.choose')}
      emptyMessage={t('crud.empty')}
      aria-describedby={describedBy}
      data-testid="crud-tree-select"
    />
  );
}
