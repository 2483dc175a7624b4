import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import { Avatar } from 'primereact/avatar';
import { confirmDialog, ConfirmDialog } from 'primereact/confirmdialog';
import { useSession } from '../session';
import { changeLocale, LOCALES, type Locale } from '../../i18n';
import { local, StorageKey } from '../../lib/storage';
import { setTheme, storedTheme } from '../theme';
import { useState } from 'react';

/** Placeholder avatar built from the username (spec §3 "icon defaults to a placeholder image"). */
export function avatarLetters(username: string | undefined): string {
  return (username ?? '?').slice(0, 1).toUpperCase();
}

/**
 * The header: menu collapse, language picker, dark-mode switch and the user menu whose logout
 * asks for confirmation (spec §4: warning icon, title and message; confirming logs out).
 */
export function Header({ collapsed, onToggleMenu }: { collapsed: boolean; onToggleMenu: () => void }) {
  const { t, i18n } = useTranslation();
  const { userInfo, send } = useSession();
  const userMenu = useRef<Menu>(null);
  const langMenu = useRef<Menu>(null);
  const [theme, setThemeState] = useState(storedTheme);

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

  const pickLocale = async (l: Locale) => {
    await changeLocale(l);
    local.set(StorageKey.locale, l, null);
  };

  return (
    <header className="layout-header">
      <Button
        icon={collapsed ? 'pi pi-align-left' : 'pi pi-align-justify'}
        text
        rounded
        severity="secondary"
        aria-label={t(collapsed ? 'layout.header.expand' : 'layout.header.collapse')}
        onClick={onToggleMenu}
        data-testid="menu-toggle"
      />
      <div className="layout-header-spacer" />
      <Button
        icon={theme === 'dark' ? 'pi pi-sun' : 'pi pi-moon'}
        text
        rounded
        severity="secondary"
        aria-label={t('layout.header.theme')}
        data-testid="theme-toggle"
        onClick={() => {
          const next = theme === 'dark' ? 'light' : 'dark';
          setTheme(next);
          setThemeState(next);
        }}
      />
      <Menu
        ref={langMenu}
        popup
        model={LOCALES.map((l) => ({ label: l === 'zh_CN' ? '简体中文' : 'English', icon: i18n.language === l ? 'pi pi-check' : undefined, command: () => void pickLocale(l) }))}
      />
      <Button icon="pi pi-language" text rounded severity="secondary" aria-label={t('layout.header.language')} onClick={(e) => langMenu.current?.toggle(e)} data-testid="locale-picker" />
      <Menu ref={userMenu} popup model={[{ label: t('layout.header.logout'), icon: 'pi pi-power-off', command: confirmLogout }]} />
      <button type="button" className="user-button" onClick={(e) => userMenu.current?.toggle(e)} aria-label={t('layout.header.userMenu')} data-testid="user-menu">
        {userInfo?.icon ? <Avatar image={userInfo.icon} shape="circle" /> : <Avatar label={avatarLetters(userInfo?.username)} shape="circle" className="user-avatar" />}
        <span className="user-name">{userInfo?.nickName || userInfo?.username}</span>
        <i className="pi pi-angle-down" aria-hidden />
      </button>
      <ConfirmDialog />
    </header>
  );
}
