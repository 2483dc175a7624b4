import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { SendStatus, stationMsg } from '../../../server/contract/operate';
import { member } from '../../../server/contract/member';
import { defineResource, enumLabel } from '../../crud';
import { platformInstant } from '../../lib/format';

/** The send status, with "scheduled" for a sent message whose time is still ahead (members see it from then). */
function SendStatusCell({ row }: { row: Record<string, unknown> }) {
  const { t, i18n } = useTranslation();
  const scheduled = row.status === 1 && typeof row.sendTime === 'string' && platformInstant(row.sendTime) > Date.now();
  if (scheduled) return <Tag value={t('operate.msg.scheduled')} severity="info" icon="pi pi-clock" data-value="scheduled" />;
  const severity = row.status === 1 ? 'success' : row.status === 2 ? 'secondary' : 'warning';
  return <Tag value={enumLabel(SendStatus.name, row.status, i18n.language)} severity={severity} data-value={String(row.status)} />;
}

/**
 * /operate/stationMsg: in-app messages. The page owns the message drawer (audience, send now or
 * schedule), so the kit's add/modify are not declared: only drafts are edited, sent ones revoked.
 */
export default defineResource({
  entity: stationMsg,
  route: '/operate/stationMsg',
  columns: ['id', 'title', 'targetType', 'sendTime', 'status', 'readCount', 'createTime'],
  filters: ['title', 'targetType', 'status', 'sendTime'],
  fields: { id: { width: 80 }, status: { width: 120, cell: (r) => <SendStatusCell row={r} /> }, memberIds: { kind: 'remotes', refEntity: member }, sendTime: { width: 170 }, createTime: { width: 170 } },
});
