import { useCallback, useMemo, type ReactNode } from 'react';
import { waitFor } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import { i18n } from '../i18n';
import { homePathOf } from '../machines/session.machine';
import { getProjectConfig, updateProjectConfig, useProjectConfig, type PermissionMode } from './project-config';
import { notify } from './notify';
import { currentSessionActor, useSession } from './session';
import { canChangeRole, hasPermission, permissionCodes, type PermissionCode } from './routing/permission-rules';

export type { PermissionCode } from './routing/permission-rules';

/** Button permission checks of the signed-in user (spec §6). */
/** The role key of the super administrator (the mock's and the platform's `super`). */
export const ADMIN_ROLE = 'super';

/** Whether the account is an administrator (holds the {@link ADMIN_ROLE} role); false when signed out. */
export function isAdministrator(userInfo: { roles: readonly { id: string }[] } | null | undefined): boolean {
  return !!userInfo?.roles.some((r) => r.id === ADMIN_ROLE);
}

/**
 * The watermark's name line for the signed-in account (`nickName · username`, or the username
 * alone), or null when it is off: only an administrator's `showWatermark: false` turns it off;
 * signed out, there is none.
 */
export function watermarkName(userInfo: { username: string; nickName?: string; roles: readonly { id: string }[] } | null | undefined, showWatermark: boolean): string | null {
  if (!userInfo) return null;
  if (!showWatermark && isAdministrator(userInfo)) return null;
  return userInfo.nickName && userInfo.nickName !== userInfo.username ? `${userInfo.nickName} · ${userInfo.username}` : userInfo.username;
}

export interface Permission {
  mode: PermissionMode;
  /** The codes checks use: permCodeList in back-end mode, else the user's btnPermission. */
  codes: readonly string[];
  /**
   * Whether the user holds `code`: a missing code means allowed; `a||b` any, `a&&b` all
   * (`&&` binds tighter); a list means any of them.
   */
  has: (code?: PermissionCode) => boolean;
}

/**
 * The user's button permissions (spec §6 "Button permission checks the user's btnPermission
 * list"; back-end mode checks the permission code list). Re-renders when the user, the codes or the
 * mode change.
 */
export function usePermission(): Permission {
  const { userInfo, permCodeList } = useSession();
  const mode = useProjectConfig((c) => c.permissionMode);
  const codes = useMemo(() => permissionCodes(mode, userInfo?.btnPermission, permCodeList), [mode, userInfo, permCodeList]);
  const has = useCallback((code?: PermissionCode) => hasPermission(code, codes), [codes]);
  return { mode, codes, has };
}

/**
 * Renders its children only when the user holds `code` (spec §6: the element is removed when the
 * check fails; a missing code means allowed). `fallback` renders instead, if given.
 */
export function Authority({ code, children, fallback = null }: { code?: PermissionCode; children: ReactNode; fallback?: ReactNode }) {
  const { has } = usePermission();
  return <>{has(code) ? children : fallback}</>;
}

/**
 * Switches the permission mode (spec §4 "Permission mode toggle … reloads the page"): stores it in
 * the project config and reloads, so routes, menu and codes are built afresh in the new mode.
 * Does nothing when the mode is already in effect. For the settings drawer.
 */
export function setPermissionMode(mode: PermissionMode, reload: () => void = () => window.location.reload()): void {
  if (getProjectConfig().permissionMode === mode) return;
  updateProjectConfig({ permissionMode: mode });
  reload();
}

/** The outcome of {@link changeRole}. */
export type ChangeRoleResult = { ok: true } | { ok: false; message: string };

/**
 * Acts as another role (spec §5 "Changing role is only allowed in route-mapping mode"). In
 * route-mapping mode the session rebuilds routes and menu for `roleId` (spec §6 role filter) and
 * goes to the home path; the change lasts until sign-out or reload (the server's roles come back).
 * In any other mode it refuses: a warning toast with the translated reason, and `{ok: false}`.
 * For the settings drawer.
 */
export async function changeRole(roleId: string): Promise<ChangeRoleResult> {
  if (!canChangeRole(getProjectConfig().permissionMode)) {
    const message = i18n.t('shell.permission.changeRoleRefused');
    notify({ mode: 'toast', message }, 'warn');
    return { ok: false, message };
  }
  const actor = currentSessionActor();
  if (!actor || !actor.getSnapshot().matches('signedIn')) return { ok: false, message: i18n.t('shell.permission.notSignedIn') };
  actor.send({ type: 'session.changeRole', roleList: [roleId] });
  const done = await waitFor(actor, (s) => s.matches('signedIn') || s.matches('signedOut'));
  if (!done.matches('signedIn')) return { ok: false, message: i18n.t('shell.permission.notSignedIn') };
  navigate(homePathOf(done.context.userInfo), { replace: true });
  return { ok: true };
}
