import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { ResourceListPage } from '../../crud';
import receive from '../../resources/operate/reward-receive.resource';

/**
 * The receive modal of /operate/reward (spec §2 "reward (receive modal)"): who claimed the reward,
 * paged on the server (§9 page sizes), searched by nickname, status and time, exported (every page
 * of the current filter). A second list on the screen: its view is its own, not the page's URL.
 */
export function ReceiveDialog({ reward, onHide }: { reward: Record<string, unknown> | null; onHide: () => void }) {
  const { t } = useTranslation();
  const controller = useMemo(() => (reward ? { urlSync: false, permanentFilter: { rewardId: reward.id } } : undefined), [reward]);
  return (
    <Dialog visible={!!reward} onHide={onHide} header={t('operate.receive.title', { name: String(reward?.rewardName ?? '') })} style={{ width: 'min(1000px, 96vw)' }} modal draggable={false} data-testid="receive-dialog">
      {reward && <ResourceListPage resource={receive} title={t('operate.receive.open')} controller={controller} />}
    </Dialog>
  );
}
