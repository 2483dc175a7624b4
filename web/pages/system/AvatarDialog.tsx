import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useSession } from '../../services/session';
import { ActionDialog } from '../../crud';
import { AvatarInput } from '../../resources/system/avatar-input';

/**
 * The signed-in user's own avatar, from the user menu (spec §3 "Users can pick one of at least six
 * avatar illustrations; the avatar field is not shown"): the kit's action dialog over
 * `admin.updateIcon` with the illustrations as the one input. Once saved, the header shows it at
 * once (the session keeps the new `icon`) and the next `adminInfo` answers it too.
 */
export default function AvatarDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const { userInfo, send } = useSession();
  return (
    <ActionDialog
      visible={visible}
      onHide={onHide}
      title={t('system.avatarPick.title')}
      action={api.admin.updateIcon}
      initial={{ icon: userInfo?.icon ?? null }}
      fields={[{ name: 'icon', label: t('system.account.avatar'), required: true, render: (f) => <AvatarInput {...f} /> }]}
      submitLabel={t('crud.save')}
      doneMessage={t('system.avatarPick.done')}
      onDone={(r) => {
        send({ type: 'session.profileChanged', patch: { icon: (r as { icon: string }).icon } });
        onHide();
      }}
      testIds={{ root: 'avatar-dialog' }}
    />
  );
}
