import type { FastifyInstance } from 'fastify';

/**
 * Placeholder images of the seeded data (`/upload/mock/<kind>/<name>.svg`, spec §7 upload base
 * /upload): a small SVG whose colour and caption follow the path, so covers, avatars and banners
 * render in the console without any external host (the CSP allows images from 'self' only).
 */

const PALETTE = ['#0960bd', '#e74c3c', '#27ae60', '#8e44ad', '#f39c12', '#16a085', '#d35400', '#2c3e50', '#c0392b', '#2980b9'];

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619) >>> 0;
  return h;
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function placeholderSvg(kind: string, name: string): string {
  const color = PALETTE[hash(`${kind}/${name}`) % PALETTE.length];
  const caption = escapeXml(`${kind} ${name}`.slice(0, 24));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200" viewBox="0 0 320 200"><rect width="320" height="200" fill="${color}"/><circle cx="260" cy="50" r="70" fill="#fff" opacity=".12"/><text x="20" y="180" font-family="sans-serif" font-size="22" fill="#fff">${caption}</text></svg>`;
}

export function registerUploadRoutes(app: FastifyInstance): void {
  app.get('/upload/mock/:kind/:file', async (req, reply) => {
    const { kind, file } = req.params as { kind: string; file: string };
    const m = /^([A-Za-z0-9_-]{1,40})\.svg$/.exec(file);
    if (!/^[A-Za-z0-9_-]{1,40}$/.test(kind) || !m) return reply.code(404).type('text/plain').send('Not found');
    return reply.type('image/svg+xml').header('Cache-Control', 'public, max-age=86400').send(placeholderSvg(kind, m[1]));
  });
}
