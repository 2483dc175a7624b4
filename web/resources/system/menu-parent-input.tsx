import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TreeSelect } from 'primereact/treeselect';
import type { TreeNode } from 'primereact/treenode';
import { menu } from '../../../server/contract/system';
import { useListEvery, type InputProps } from '../../crud';

/**
 * A menu's parent (spec §2 /system/menu): "top level" or a group, as a tree select whose labels are
 * the menu titles translated (menu titles are i18n keys such as `routes.order.order`). Menus are
 * two levels, so only top-level menus can be parents; the record itself is left out.
 */
export function MenuParentInput({ value, onChange, id, invalid, describedBy }: InputProps) {
  const { t } = useTranslation();
  const rows = useListEvery(menu, {}, true);
  const options = useMemo<TreeNode[]>(
    () => [
      { key: '0', label: t('system.menu.topLevel') },
      ...rows.filter((r) => !r.parentId).map((r) => ({ key: String(r.id), label: t(String(r.title), { defaultValue: String(r.title) }) })),
    ],
    [rows, t],
  );
  return (
    <TreeSelect
      inputId={id}
      className={invalid ? 'p-invalid w-full' : 'w-full'}
      value={value === null || value === undefined ? '0' : String(value)}
      options={options}
      onChange={(e) => onChange(Number(e.value ?? 0))}
      filter
      aria-describedby={describedBy}
      data-testid="menu-parent"
    />
  );
}
