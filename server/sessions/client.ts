/**
 * A User-Agent header summarised for people: browser and major version, then the system, e.g.
 * `Chrome 131 · Windows`, `Safari 18 · macOS`, `Firefox 133 · Linux`; a tool (curl, an SDK) keeps
 * its first product token (`curl/8.5.0`); '' when there is no header. At most 128 characters.
 */
export function summariseUserAgent(ua: string | string[] | undefined): string {
  const s = (Array.isArray(ua) ? ua[0] : ua)?.trim() ?? '';
  if (!s) return '';
  const browser =
    match(s, /Edg(?:e|A|iOS)?\/(\d+)/, 'Edge') ??
    match(s, /OPR\/(\d+)/, 'Opera') ??
    match(s, /Firefox\/(\d+)/, 'Firefox') ??
    match(s, /(?:Chrome|CriOS)\/(\d+)/, 'Chrome') ??
    (/Safari\//.test(s) ? match(s, /Version\/(\d+)/, 'Safari') : null);
  const system = /Windows/.test(s) ? 'Windows' : /Android/.test(s) ? 'Android' : /iPhone|iPad|iPod/.test(s) ? 'iOS' : /Mac OS X|Macintosh/.test(s) ? 'macOS' : /CrOS/.test(s) ? 'ChromeOS' : /Linux/.test(s) ? 'Linux' : '';
  if (!browser) return s.split(/\s/)[0].slice(0, 128);
  return (system ? `${browser} · ${system}` : browser).slice(0, 128);
}

function match(s: string, re: RegExp, name: string): string | null {
  const m = re.exec(s);
  return m ? `${name} ${m[1]}` : null;
}
