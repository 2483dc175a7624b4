import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy directives. The CSP allows only what the console loads: its own
 * scripts, styles, fonts, images (plus data:/blob: URIs that PrimeReact, ApexCharts and avatars
 * use) and API calls to itself. Inline styles are allowed because PrimeReact and ApexCharts set
 * style attributes at run time; inline scripts are not. `frame-ancestors 'none'`: the console is
 * never framed.
 */
const CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** Features no page of the console may use. */
export const PERMISSIONS_POLICY =
  'accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), publickey-credentials-get=(), serial=(), usb=(), xr-spatial-tracking=()';

/**
 * Every security header the console sends, computed once (helmet rebuilt the CSP string
 * and ran a dozen middlewares per request). The set is helmet 8's defaults with the console's CSP,
 * no HSTS (TLS ends in front of the console) and no COEP (images and the docs' assets would need
 * CORP headers), plus a `Permissions-Policy` turning off the browser features the console never
 * uses. The static file server (static-web.ts) folds the same table into its precomputed answers.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': Object.entries(CSP_DIRECTIVES)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';'),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
  'permissions-policy': PERMISSIONS_POLICY,
});

/**
 * Security headers on every answer Fastify sends (envelopes, errors, 404s, the docs and the static
 * files it serves itself), added by one synchronous `onSend` hook from the precomputed
 * {@link SECURITY_HEADERS}; answers Node raises before a request exists (408, 431) carry none.
 */
export async function registerSecurity(app: FastifyInstance) {
  app.addHook('onSend', (_req, reply, payload, done) => {
    reply.headers(SECURITY_HEADERS);
    done(null, payload);
  });
}
