import type { Browser } from 'playwright-core';

/** One response of a page load: its URL path, Chromium's resource type, the body's bytes on the wire and its `Content-Encoding`. */
export interface Fetched {
  path: string;
  type: string;
  bytes: number;
  encoding: string;
}

/** What a first visit fetched: the scripts (in the order they finished) and everything else. */
export interface FirstVisit {
  scripts: Fetched[];
  /** Sum of the scripts' bytes on the wire. */
  scriptBytes: number;
  other: Fetched[];
}

/**
 * Loads `url` in a fresh browser context (empty cache and storage: a first visit) until the network
 * has been idle for 500 ms (Playwright's `networkidle`), and answers every response that finished
 * by then. Bytes are the encoded body (`responseBodySize`: the brotli bytes when the server sent
 * `.br`). Scripts are Chromium's `script` resources, module preloads and imports included.
 */
export async function firstVisit(browser: Browser, url: string, locale = 'zh-CN'): Promise<FirstVisit> {
  const context = await browser.newContext({ locale });
  try {
    const page = await context.newPage();
    const pending: Promise<Fetched>[] = [];
    page.on('requestfinished', (req) => {
      pending.push(
        (async () => {
          const res = await req.response();
          const headers = res ? await res.allHeaders() : {};
          const sizes = await req.sizes();
          return { path: new URL(req.url()).pathname, type: req.resourceType(), bytes: sizes.responseBodySize, encoding: headers['content-encoding'] ?? 'identity' };
        })(),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const all = await Promise.all(pending);
    const scripts = all.filter((f) => f.type === 'script' || f.path.endsWith('.js'));
    return { scripts, scriptBytes: scripts.reduce((s, f) => s + f.bytes, 0), other: all.filter((f) => !scripts.includes(f)) };
  } finally {
    await context.close();
  }
}
