import { Dropdown } from 'primereact/dropdown';
import { useTranslation } from 'react-i18next';
import { ENTITIES, type AnyEntity } from '../../../server/contract';
import { trash } from '../../../server/contract/trash';
import { defineResource, type InputProps } from '../../crud';

/** The kinds of record a delete can put into the trash: every entity with a `del`. */
const DELETABLE = (ENTITIES as readonly AnyEntity[]).filter((e) => !!e.ops.del).map((e) => e.name);

/** A record kind by its title in the current language (`resources.<entity>.title`), its name when it has none. */
export function TrashKind({ entity }: { entity: string }) {
  const { t } = useTranslation();
  return <>{t(`resources.${entity}.title`, { defaultValue: entity })}</>;
}

/** The kind filter: a dropdown of the kinds by title, cleared to show every kind. */
function KindFilter({ value, onChange, id, placeholder }: InputProps) {
  const { t } = useTranslation();
  const options = DELETABLE.map((name) => ({ value: name, label: t(`resources.${name}.title`, { defaultValue: name }) })).sort((a, b) => a.label.localeCompare(b.label));
  return <Dropdown inputId={id} value={value ?? null} options={options} onChange={(e) => onChange(e.value ?? undefined)} placeholder={placeholder} filter showClear className="w-full" />;
}

/**
 * /system/trash (回收站 / Trash): the deleted records kept for TRASH_DAYS, newest first, filterable
 * by kind, user and time; each row is restored (or, for administrators, purged) by the page
 * (web/pages/system/trash.page.tsx). Read-only otherwise.
 */
export default defineResource({
  entity: trash,
  route: '/system/trash',
  columns: ['createTime', 'entity', 'label', 'recordId', 'username', 'related', 'expireTime'],
  filters: ['entity', 'username', 'createTime'],
  fields: {
    createTime: { width: 170 },
    expireTime: { width: 170 },
    entity: { width: 140, cell: (row) => <TrashKind entity={String(row.entity)} />, filterInput: (p) => <KindFilter {...p} /> },
    recordId: { width: 100 },
    related: { width: 100 },
  },
  actions: { export: false },
});
