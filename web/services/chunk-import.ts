/**
 * How the built bundle imports its lazy chunks. The build writes `$chunk("/assets/x-HASH.js")`
 * wherever esbuild wrote `import("/assets/x-HASH.js")` (scripts/lib/web-bundle.ts
 * `routeChunkImports`; the two names have one length, so source maps stay right), and the boot
 * script installs {@link chunkImport} as the global `$chunk` before any chunk loads.
 *
 * A chunk whose script file failed to fetch is asked next time under a fresh URL
 * (`/assets/x-HASH.js?retry=N`): some browsers keep a failed module fetch in their module map
 * (Chromium up to version 150, Firefox, Safari) and answer a second `import()` of the same URL with
 * the same failure without fetching; others fetch it again (whatwg/html#10327). Once a chunk has
 * loaded, every later import of it asks the URL that loaded it, so the module keeps one instance.
 */

/**
 * Whether `e` is a browser's failure to fetch a script module (Chromium: "Failed to fetch
 * dynamically imported module", Firefox: "error loading dynamically imported module", Safari:
 * "Importing a module script failed"), as opposed to an error the module threw while it ran.
 */
export function isChunkFetchError(e: unknown): boolean {
  return e instanceof TypeError && /dynamically imported module|importing a module script failed/i.test(e.message);
}

/** Chunk URL as the bundle names it → the URL asked for it now (set after a failed fetch). */
const askedUrl = new Map<string, string>();
let retries = 0;

/**
 * Imports the chunk at `url` (a same-origin path such as `/assets/x-HASH.js`), under a fresh
 * `?retry=N` URL when its last fetch failed.
 * @returns the module namespace.
 * @throws what `import()` throws (a TypeError when the file could not be fetched).
 */
export function chunkImport(url: string): Promise<unknown> {
  const asked = askedUrl.get(url) ?? url;
  return import(/* @vite-ignore */ asked).catch((e: unknown) => {
    // Only the failure of the URL asked now moves it on: a late failure of an earlier URL must not
    // send later imports away from a URL that has since loaded.
    if (isChunkFetchError(e) && (askedUrl.get(url) ?? url) === asked) askedUrl.set(url, `${url}?retry=${++retries}`);
    throw e;
  });
}

/** Makes {@link chunkImport} the global `$chunk` that the built chunks call. */
export function installChunkImport(): void {
  (globalThis as { $chunk?: typeof chunkImport }).$chunk = chunkImport;
}
