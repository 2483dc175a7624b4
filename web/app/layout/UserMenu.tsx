import { Suspense, useRef, useState } from 'react';
import { lazyWithRetry } from '../../services/chunk';
import { useTranslation } from 'react-i18next';
import { Menu } from 'primereact/menu';
import { Avatar } from 'primereact/avatar';
import { confirmDialog } from 'primereact/confirmdialog';
import { useSession } from '../../services/session';
import { openSettings } from '../settings/settings-store';
import { openLockDialog } from '../lock/lock-dialog-store';
import { openShortcutsHelp } from '../shortcuts/shortcut-keys';
import { getProjectConfig } from '../../services/project-config';
import { canChangeRole } from '../../services/routing/permission-rules';
import { changeRole } from '../../services/permission';
import { avatarLetters, avatarSrc } from '../../crud/parts/avatars';
import { closeExportJobs, openExportJobs, useExportJobsOpen } from '../exports/export-jobs-store';
import { useRunningExports } from '../exports/use-export-jobs';

const RoleSwitchDialog = lazyWithRetry(() => import('../../pages/system/RoleSwitchDialog'));
const AvatarDialog = lazyWithRetry(() => import('../../pages/system/AvatarDialog'));
const MySessionsDialog = lazyWithRetry(() => import('../../pages/system/MySessionsDialog'));
const ExportJobsDialog = lazyWithRetry(() => import('../exports/ExportJobsDialog'));
const MyApprovalsDialog = lazyWithRetry(() => import('../../pages/system/MyApprovalsDialog'));
const MyTrashDialog = lazyWithRetry(() => import('../../pages/system/MyTrashDialog'));
const ChangePasswordDialog = lazyWithRetry(() => import('../../pages/system/changePassword.page').then((m) => ({ default: m.ChangePasswordDialog })));

/**
 * The user menu: avatar and name; the user's own avatar picked from the illustrations (spec §3); the user's own sessions ("My sessions") and requests kept for approval ("My approvals");
 * the user's own export jobs ("Export jobs", with the count of those running on the menu button and the entry); "Lock screen" asks for a lock password (behaviour notes "Lock
 * screen"); logout asks for confirmation (spec §4: warning icon, title, message).
 */
export function UserMenu() {
  const { t } = useTranslation();
  const { userInfo, send } = useSession();
  const menu = useRef<Menu>(null);
  const [roleOpen, setRoleOpen] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [avatarOpen, setAvatarOpen] = useState(false);
  const [sessionsOpen, setSessionsOpen] = useState(false);
  const [approvalsOpen, setApprovalsOpen] = useState(false);
  const [trashOpen, setTrashOpen] = useState(false);
  const exportsOpen = useExportJobsOpen();
  const runningExports = useRunningExports();
  const runningLabel = t('shell.exports.running', { count: runningExports });
  const confirmLogout = () =>
    confirmDialog({
      header: t('layout.header.logoutTitle'),
      message: t('layout.header.logoutMessage'),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('common.confirm'),
      rejectLabel: t('common.cancel'),
      defaultFocus: 'accept',
      accept: () => send({ type: 'session.logout' }),
    });
  return (
    <>
      <Menu
        ref={menu}
        popup
        model={[
          { label: t('lock.menu'), icon: 'pi pi-lock', command: openLockDialog, className: 'user-menu-lock' },
          { label: t('settings.shortcuts.title'), icon: 'pi pi-question-circle', command: openShortcutsHelp, className: 'user-menu-shortcuts' },
          { label: t('routes.system.changePassword'), icon: 'pi pi-key', command: () => setPasswordOpen(true), className: 'user-menu-password' },
          { label: t('system.avatarPick.menu'), icon: 'pi pi-user', command: () => setAvatarOpen(true), className: 'user-menu-avatar' },
          { label: t('system.sessions.mine'), icon: 'pi pi-desktop', command: () => setSessionsOpen(true), className: 'user-menu-sessions' },
          { label: t('system.approvals.mine'), icon: 'pi pi-check-square', command: () => setApprovalsOpen(true), className: 'user-menu-approvals' },
          { label: t('routes.system.trash'), icon: 'pi pi-trash', command: () => setTrashOpen(true), className: 'user-menu-trash' },
          { label: runningExports ? `${t('shell.exports.title')} (${runningExports})` : t('shell.exports.title'), icon: 'pi pi-file-export', command: openExportJobs, className: 'user-menu-exports' },
          // Spec §5: only in route-mapping mode; otherwise changeRole refuses with the warning.
          { label: t('system.switchRole.menu'), icon: 'pi pi-sync', command: () => (canChangeRole(getProjectConfig().permissionMode) ? setRoleOpen(true) : void changeRole('')), className: 'user-menu-role' },
          // Always reachable, even when the floating/header settings button is switched off.
          { label: t('settings.title'), icon: 'pi pi-cog', command: openSettings },
          { separator: true },
          { label: t('layout.header.logout'), icon: 'pi pi-power-off', command: confirmLogout },
        ]}
      />
      {/* Named by the user's name it shows (a screen reader hears what a sighted user reads); the title says what it opens. */}
      <button type="button" className="user-button" onClick={(e) => menu.current?.toggle(e)} title={t('layout.header.userMenu')} aria-haspopup="menu" data-testid="user-menu">
        <span aria-hidden>{userInfo?.icon ? <Avatar image={avatarSrc(userInfo.icon)} shape="circle" /> : <Avatar label={avatarLetters(userInfo?.nickName || userInfo?.username)} shape="circle" className="user-avatar" />}</span>
        <span className="user-name">{userInfo?.nickName || userInfo?.username}</span>
        {runningExports > 0 && (
          <span className="shell-menu-badge" title={runningLabel} aria-label={runningLabel} data-testid="export-badge">
            {runningExports > 99 ? '99+' : runningExports}
          </span>
        )}
        <i className="pi pi-angle-down" aria-hidden />
      </button>
      {exportsOpen && (
        <Suspense fallback={null}>
          <ExportJobsDialog visible={exportsOpen} onHide={closeExportJobs} />
        </Suspense>
      )}
      {passwordOpen && (
        <Suspense fallback={null}>
          <ChangePasswordDialog visible={passwordOpen} onHide={() => setPasswordOpen(false)} />
        </Suspense>
      )}
      {avatarOpen && (
        <Suspense fallback={null}>
          <AvatarDialog visible={avatarOpen} onHide={() => setAvatarOpen(false)} />
        </Suspense>
      )}
      {sessionsOpen && (
        <Suspense fallback={null}>
          <MySessionsDialog visible={sessionsOpen} onHide={() => setSessionsOpen(false)} />
        </Suspense>
      )}
      {approvalsOpen && (
        <Suspense fallback={null}>
          <MyApprovalsDialog visible={approvalsOpen} onHide={() => setApprovalsOpen(false)} />
        </Suspense>
      )}
      {trashOpen && (
        <Suspense fallback={null}>
          <MyTrashDialog visible={trashOpen} onHide={() => setTrashOpen(false)} />
        </Suspense>
      )}
      {roleOpen && (
        <Suspense fallback={null}>
          <RoleSwitchDialog visible={roleOpen} onHide={() => setRoleOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
