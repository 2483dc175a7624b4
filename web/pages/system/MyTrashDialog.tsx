import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { SubList } from '../../crud';
import { isAdministrator, useSession } from '../../services';
import trashResource from '../../resources/system/trash.resource';
import { TrashRowActions } from './trash.page';

/**
 * "Trash", from the user menu (every user, not only administrators, whose System menu holds the
 * full screen): the deleted records the signed-in user may bring back, newest first, each with
 * Restore (and Purge for administrators). The server decides which entries a user sees: in mock
 * mode those of the kinds they may delete, in proxy mode their own deletes (`/console/trash/list`).
 */
export default function MyTrashDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const { userInfo } = useSession();
  const admin = isAdministrator(userInfo);
  return (
    <Dialog visible={visible} onHide={onHide} header={t('routes.system.trash')} style={{ width: 'min(1080px, 96vw)' }} modal data-testid="my-trash">
      <SubList
        resource={trashResource}
        filter={{}}
        columns={['createTime', 'entity', 'label', 'recordId', 'username', 'expireTime']}
        pageSize={10}
        rowActions={(row, reload) => <TrashRowActions row={row} reload={reload} admin={admin} />}
        testId="my-trash-list"
      />
    </Dialog>
  );
}
