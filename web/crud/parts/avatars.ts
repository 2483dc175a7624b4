/**
 * Avatar illustrations users pick from (spec §3 "Users can pick one of at least six avatar
 * illustrations; the avatar field is not shown"). Stored on the account as `/avatars/<name>.svg`
 * (a path, as the contract's image field wants); drawn from these inline SVGs as data URIs (the CSP
 * allows `data:` images), so they need no file on any server, in mock or proxy mode.
 */

import { initials } from '../../lib/format';

const face = (bg: string, skin: string, extra: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="32" fill="${bg}"/>${extra}<circle cx="32" cy="36" r="17" fill="${skin}"/><circle cx="26" cy="34" r="2.2" fill="#1f2937"/><circle cx="38" cy="34" r="2.2" fill="#1f2937"/><path d="M26 42q6 5 12 0" stroke="#1f2937" stroke-width="2" fill="none" stroke-linecap="round"/></svg>`;

const SVGS: Record<string, string> = {
  fox: face('#fde68a', '#f97316', '<path d="M14 14l12 12-10 6zM50 14l-12 12 10 6z" fill="#ea580c"/>'),
  cat: face('#c7d2fe', '#94a3b8', '<path d="M16 16l10 10-10 4zM48 16l-10 10 10 4z" fill="#64748b"/>'),
  bear: face('#bbf7d0', '#a16207', '<circle cx="18" cy="22" r="7" fill="#854d0e"/><circle cx="46" cy="22" r="7" fill="#854d0e"/>'),
  panda: face('#e0f2fe', '#f8fafc', '<circle cx="18" cy="22" r="7" fill="#111827"/><circle cx="46" cy="22" r="7" fill="#111827"/>'),
  frog: face('#fecdd3', '#22c55e', '<circle cx="22" cy="22" r="7" fill="#16a34a"/><circle cx="42" cy="22" r="7" fill="#16a34a"/>'),
  robot: face('#ddd6fe', '#60a5fa', '<rect x="30" y="8" width="4" height="10" fill="#3b82f6"/><circle cx="32" cy="8" r="3" fill="#f43f5e"/>'),
  owl: face('#fef3c7', '#b45309', '<path d="M16 18l8 8-9 2zM48 18l-8 8 9 2z" fill="#78350f"/>'),
  rabbit: face('#fce7f3', '#f5f5f4', '<rect x="20" y="4" width="7" height="22" rx="3.5" fill="#e7e5e4"/><rect x="37" y="4" width="7" height="22" rx="3.5" fill="#e7e5e4"/>'),
};

/** The illustrations' names, in picker order. */
export const AVATAR_NAMES = Object.keys(SVGS);

/** The stored value of an illustration. */
export const avatarPath = (name: string) => `/avatars/${name}.svg`;

/**
 * The image address of a stored avatar: an illustration's data URI, or the stored URL as it is
 * (uploaded images); undefined when there is none.
 */
export function avatarSrc(icon: string | undefined | null): string | undefined {
  if (!icon) return undefined;
  const m = /^\/avatars\/([a-z]+)\.svg$/.exec(icon);
  const svg = m ? SVGS[m[1]] : undefined;
  return svg ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` : icon;
}

/**
 * Placeholder avatar text (spec §3 "icon defaults to a placeholder image built from the username"):
 * the same initials of the display name the workbench shows, so the two never disagree.
 */
export function avatarLetters(name: string | undefined): string {
  return initials(name ?? '');
}
