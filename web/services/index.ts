/**
 * web/services: what the screens (`web/pages`, `web/resources`), the kit (`web/crud`) and shared
 * components need from the shell, as a layer **below** the pages.
 *
 * The rule: web/services imports only `web/api`, `web/lib`, `web/machines`, `web/i18n` and
 * `server/contract` (and itself); never `web/app`, `web/pages`, `web/resources`, `web/crud` or
 * `web/components`. Nothing below the shell imports `web/app`: where a service needs
 * something only the shell has, the shell hands it in at boot (web/main.tsx):
 * - the session actor ({@link provideSessionActor}: the shell's factory builds routes against the
 *   pages' registry, which this layer may not import);
 * - the notifier ({@link subscribeNotices}: the shell's `<Notifier>` draws what {@link notify} sends).
 * eslint.config.js enforces the rule (`no-restricted-imports`, `import-x/no-cycle`).
 *
 * Modules: `notify` (toasts and the error modal, spec §9), `session` (the session actor and
 * `useSession`, spec §3–§4), `permission` (`usePermission`, `<Authority>`, `changeRole`, spec §5–§6),
 * `project-config` (the settings, spec §4), `guard` (basic paths, safe redirects, spec §2),
 * `routing/` (the route model: types, building, access filtering, permission rules, spec §2, §6),
 * `error-log/` (the error log and its capture, spec §8), `error-boundary`, `locale` (language
 * switch), `use-captcha` (login captcha, spec §7), `logo`, `live` (the session's one live-event
 * connection, opened by the shell, and `useLiveEvents` for screens and the kit).
 */
export { notify, subscribeNotices, TOAST_LIFE_MS, type NoticeItem } from './notify';
export { provideSessionActor, sessionActor, currentSessionActor, useSession, type SessionActor } from './session';
export { usePermission, Authority, changeRole, setPermissionMode, isAdministrator, ADMIN_ROLE, type Permission, type PermissionCode, type ChangeRoleResult } from './permission';
export { getProjectConfig, updateProjectConfig, useProjectConfig } from './project-config';
export { ErrorBoundary } from './error-boundary';
export { announceRecordTitle, subscribeRecordTitles } from './record-title';
export { closePageTab, subscribePageTabCloses } from './page-tab';
export { connectLive, subscribeLive, useLiveEvents, liveState, type LiveListener, type LiveEvent, type LiveState } from './live';
