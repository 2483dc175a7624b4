import type { PermissionMode } from '../project-config';

/** A button permission: one code, `a||b` (any), `a&&b` (all), or a list (any of them). */
export type PermissionCode = string | readonly string[] | null | undefined;

/**
 * Spec §6 button permission: whether `codes` (the user's) satisfy `code`.
 * - a missing or blank code means allowed;
 * - `a||b`: any of the alternatives; `a&&b`: all of them; `&&` binds tighter than `||`
 *   (`a&&b||c` = (a and b) or c); blanks around codes are ignored;
 * - a list is the same as joining it with `||`.
 */
export function hasPermission(code: PermissionCode, codes: readonly string[]): boolean {
  if (code == null) return true;
  const alternatives = (typeof code === 'string' ? code.split('||') : [...code]).map((a) => a.trim()).filter(Boolean);
  if (!alternatives.length) return true;
  const held = new Set(codes);
  return alternatives.some((alt) =>
    alt
      .split('&&')
      .map((c) => c.trim())
      .filter(Boolean)
      .every((c) => held.has(c)),
  );
}

/**
 * The codes button checks use (spec §6): the permission code list from `admin.getPermCode` in
 * back-end mode, else the user's `btnPermission`.
 */
export function permissionCodes(mode: PermissionMode, btnPermission: readonly string[] | undefined, permCodeList: readonly string[]): readonly string[] {
  return mode === 'BACK' ? permCodeList : (btnPermission ?? []);
}

/** Spec §5: changing role is only allowed in route-mapping mode. */
export function canChangeRole(mode: PermissionMode): boolean {
  return mode === 'ROUTE_MAPPING';
}

/** Spec §4: the modes the settings drawer toggles between (back-end ↔ route mapping). */
export function nextPermissionMode(mode: PermissionMode): PermissionMode {
  return mode === 'BACK' ? 'ROUTE_MAPPING' : 'BACK';
}
