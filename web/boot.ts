// Runs synchronously in <head> before first paint so a dark-mode user never sees a light flash
// (behaviour notes "Theme"): the stored dark-mode flag picks PrimeReact's sheet, and the stored
// project config gives the theme colour, header/menu colours and gray/colour-weak filters. It only
// applies; the app takes over after (web/app/theme/use-theme.ts).
import { applyTheme, storedTheme } from './app/theme/theme';
import { installChunkImport } from './services/chunk-import';

/**
 * CSS of lazily loaded chunks: the build gives the stylesheets of each chunk by file name
 * (`login.page-ABCD1234.js` → `['/assets/login.page-WXYZ5678.css']`) and ends each such chunk with
 * `await globalThis.__loadPageCss(import.meta.url)`, so a page's `import()` settles once its styles
 * are in: no unstyled flash, and index.html links only the entry's CSS. Absent in `npm run dev`,
 * whose index.html links every page's CSS.
 */
declare const __PAGE_CSS__: Record<string, string[]> | undefined;
const PAGE_CSS: Record<string, string[]> = typeof __PAGE_CSS__ === 'undefined' ? {} : __PAGE_CSS__;

function loadStylesheet(href: string): Promise<void> {
  const existing = document.querySelector<HTMLLinkElement>(`link[rel="stylesheet"][href="${href}"]`);
  if (existing) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    // A stylesheet that fails to load must not keep the page from showing.
    link.onload = link.onerror = () => resolve();
    document.head.appendChild(link);
  });
}

(globalThis as { __loadPageCss?: (url: string) => Promise<unknown> }).__loadPageCss = (url) =>
  Promise.all((PAGE_CSS[url.slice(url.lastIndexOf('/') + 1).split('?')[0]] ?? []).map(loadStylesheet));

installChunkImport();
applyTheme(storedTheme());
