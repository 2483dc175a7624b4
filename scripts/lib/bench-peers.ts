/**
 * The peers of `npm run bench`: tiny `node:http` servers that do the least a server can do for the
 * same request, run as child processes exactly like the console. Each is a self-contained script
 * (no imports of ours) handed to `node -e`, configured through environment variables.
 */

/**
 * Static peer: answers each configured path with the exact status, headers and bytes the console
 * sent for it (read from the JSON file `PEER_ROUTES`: `{ [path]: { status, headers, body: base64 } }`).
 */
export const STATIC_PEER = `
const http = require('node:http');
const fs = require('node:fs');
const routes = JSON.parse(fs.readFileSync(process.env.PEER_ROUTES, 'utf8'));
for (const r of Object.values(routes)) r.body = Buffer.from(r.body, 'base64');
const server = http.createServer((req, res) => {
  const r = routes[req.url];
  if (!r) { res.statusCode = 404; res.end(); return; }
  res.writeHead(r.status, r.headers);
  res.end(r.body);
});
server.keepAliveTimeout = 65000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send && process.send('ready'));
`;

/**
 * List peer: a bare handler over a 100,000-element array of member-like records that reads the JSON
 * body, slices page \`pageNum\` of 20 and serializes it in the console's envelope.
 */
export const LIST_PEER = `
const http = require('node:http');
const rows = [];
for (let i = 1; i <= 100000; i++) rows.push({ id: i, nickName: 'player_' + i, phone: '138' + String(i).padStart(8, '0'), status: i % 3 ? 1 : 0,
  gradeId: 1 + (i % 5), balance: (i * 37) % 100000 / 100, lastLoginTime: '2026-10-' + String(1 + (i % 28)).padStart(2, '0') + ' 12:00:00',
  createTime: '2026-01-01 00:00:00', updateTime: '2026-01-01 00:00:00' });
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    let q = {};
    try { q = JSON.parse(Buffer.concat(chunks).toString() || '{}'); } catch {}
    const size = 20, start = ((q.pageNum || 1) - 1) * size;
    const body = JSON.stringify({ code: 200, data: { list: rows.slice(start, start + size), total: rows.length }, message: 'ok' });
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});
server.keepAliveTimeout = 65000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send && process.send('ready'));
`;

/**
 * Proxy peer: the least a Node proxy does, for the proxy row's reference beside nginx: \`node:http\`
 * in, an undici pool (keep-alive, 64 connections) to \`UPSTREAM\` out, hop-by-hop headers dropped,
 * both bodies streamed. No checks, no headers of its own, no log: what any Node proxy pays at least.
 */
export const PROXY_PEER = `
const http = require('node:http');
const { Pool } = require('undici');
const pool = new Pool(process.env.UPSTREAM, process.env.CONNECTIONS === 'unlimited' ? {} : { connections: 64 });
const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-connection', 'proxy-authorization', 'proxy-authenticate', 'host']);
const strip = (h) => { const o = {}; for (const k in h) if (!HOP.has(k)) o[k] = h[k]; return o; };
const server = http.createServer((req, res) => {
  pool.stream({ path: req.url, method: req.method, headers: strip(req.headers), body: req },
    ({ statusCode, headers }) => { res.writeHead(statusCode, strip(headers)); return res; },
    (err) => { if (err && !res.headersSent) { res.statusCode = 502; res.end(); } });
});
server.keepAliveTimeout = 65000;
server.listen(Number(process.env.PORT), '127.0.0.1');
`;

/** Boot peer: bare node listening and answering /healthz. */
export const HEALTH_PEER = `
const http = require('node:http');
http.createServer((req, res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end('{"status":"ok"}'); })
  .listen(Number(process.env.PORT), '127.0.0.1');
`;
