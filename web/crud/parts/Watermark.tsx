import { crudEnv } from '../env';
import { useNow } from './use-now';

/** The text's tile: width and height in px, the text turned by -22° across it. */
const TILE = { w: 320, h: 180 };

const pad = (n: number) => String(n).padStart(2, '0');
/** `YYYY-MM-DD HH:mm` in local time. */
export function watermarkTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/**
 * The tile as a `data:` URL: an SVG of the two lines (who, when) in a neutral grey at low opacity,
 * readable on both themes. A `data:` image is allowed by the console's CSP (`img-src 'self' data:`).
 */
export function watermarkImage(who: string, when: string): string {
  const line = (text: string, dy: number) => `<text x="50%" y="50%" dy="${dy}" text-anchor="middle" font-family="sans-serif" font-size="14" fill="rgb(128,128,128)" fill-opacity="0.16">${escapeXml(text)}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE.w}" height="${TILE.h}"><g transform="rotate(-22 ${TILE.w / 2} ${TILE.h / 2})">${line(who, -4)}${line(when, 16)}</g></svg>`;
  return `url("data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}")`;
}

/**
 * A faint watermark over a screen that shows members' personal data or codes (the vben
 * convention): the signed-in operator's name and the time (to the minute, kept current), tiled over
 * the window while the screen is shown (a kept-alive screen that is hidden hides it too). It takes
 * no pointer events, so it never stands between the operator and a control, sits under dialogs and
 * menus, and prints with the page. Whether it shows and the name come from the shell
 * (`configureCrud({ useWatermark })`: on by default; administrators may switch it off in the
 * project settings). A resource declares `watermark: true`; a page renders `<Watermark />`.
 */
export function Watermark() {
  const who = crudEnv().useWatermark();
  const now = useNow(60_000);
  if (!who) return null;
  return <div className="crud-watermark" aria-hidden data-testid="watermark" style={{ backgroundImage: watermarkImage(who, watermarkTime(now)) }} />;
}
