/**
 * Icon picker logic (spec §5 "Icon picker: free text filters icons"; §9 "icon search debounce
 * 100 ms", "Icon picker page size 140; pagination appears when total reaches page size"). Pure.
 */
export const ICON_PAGE_SIZE = 140;
export const ICON_SEARCH_DEBOUNCE_MS = 100;

/** Icons whose class name contains every word of `text` (case-insensitive; `pi pi-` prefix ignored). */
export function filterIcons(icons: readonly string[], text: string): string[] {
  const words = text.toLowerCase().replace(/\bpi-?/g, ' ').split(/[\s-]+/).filter(Boolean);
  if (!words.length) return [...icons];
  return icons.filter((i) => {
    const name = i.toLowerCase().replace(/^pi pi-/, '');
    return words.every((w) => name.includes(w));
  });
}

/** One page of icons, and whether the pager shows (total reaches the page size). */
export function iconPage(icons: readonly string[], page: number, pageSize = ICON_PAGE_SIZE): { items: string[]; paged: boolean; pages: number } {
  const pages = Math.max(1, Math.ceil(icons.length / pageSize));
  const p = Math.min(Math.max(0, page), pages - 1);
  return { items: icons.slice(p * pageSize, (p + 1) * pageSize), paged: icons.length >= pageSize, pages };
}
