import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ENDPOINTS, ENTITIES, ENUMS } from '../../../server/contract/index.js';
import { CONSOLE_ENDPOINTS } from '../../../server/contract/audit.js';
import { makeApp } from '../helpers.js';
import { echoHandler, startUpstream, type Upstream } from '../upstream.js';

/**
 * `/docs`: Swagger UI over the OpenAPI 3.1 document of the contract, in both modes, under the
 * console's CSP (no inline script).
 */

const SPEC_7 = [
  '/v1/feedback/findAll', '/v1/feedback/replay', '/v1/feedback/del', '/v1/feedback/update',
  '/v1/feedbackType/add', '/v1/feedbackType/update', '/v1/feedbackType/updateStatus', '/v1/feedbackType/list', '/v1/feedbackType/listAll', '/v1/feedbackType/info',
  '/v1/replay/add', '/v1/replay/update', '/v1/replay/list', '/v1/replay/del',
  '/v1/feedbackAward/getAwardList', '/v1/feedbackAward/delAwardByIds', '/api/v1/feedbackAward/importAwardExcel', '/v1/feedbackAward/exportAwardExcel',
  '/v1/admin/login', '/v1/admin/adminInfo', '/v1/getPermCode', '/v1/admin/logout', '/v1/captcha/token', '/v1/captcha/image', '/v1/admin/adminMenus', '/v1/admin/summary', '/v1/admin/gameCategory',
];

let mock: FastifyInstance;
let proxy: FastifyInstance;
let up: Upstream;
beforeAll(async () => {
  ({ app: mock } = await makeApp({ SCALE: '0.1' }));
  up = await startUpstream(echoHandler);
  ({ app: proxy } = await makeApp({ MODE: 'proxy', UPSTREAM_URL: up.url }));
}, 60_000);
afterAll(async () => {
  await mock?.close();
  await proxy?.close();
  await up?.close();
});

describe.each([['mock', () => mock], ['proxy', () => proxy]] as const)('in %s mode', (_mode, app) => {
  test('/docs is a page titled after the product whose scripts are files under the CSP (no inline script)', async () => {
    const page = await app().inject({ method: 'GET', url: '/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    // The browser tab names the product, not the viewer.
    expect(page.body).toMatch(/<title>[^<]*Game Commerce Console[^<]*<\/title>/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/src="/);
      expect(body.trim()).toBe('');
    }
    for (const [, src] of page.body.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)) {
      const asset = await app().inject({ method: 'GET', url: new URL(src, 'http://x/docs').pathname });
      expect(asset.statusCode, src).toBe(200);
    }
  });

  test("/docs/json is the OpenAPI 3.1 document of every contract endpoint, the console's own with them, with resolvable references", async () => {
    const doc = (await app().inject({ method: 'GET', url: '/docs/json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    for (const ep of [...ENDPOINTS, ...CONSOLE_ENDPOINTS]) expect(doc.paths[ep.path]?.[ep.method.toLowerCase()], ep.path).toBeDefined();
    expect(doc.components.schemas.AuditLog.properties).toHaveProperty('prevHash');
    for (const path of SPEC_7) expect(doc.paths[path], path).toBeDefined();
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(100);
    for (const name of new Set(refs)) expect(doc.components.schemas[name], name).toBeDefined();
    const upload = doc.paths['/api/v1/feedbackAward/importAwardExcel'].post;
    expect(Object.keys(upload.requestBody.content)).toEqual(['multipart/form-data']);
    const download = doc.paths['/v1/feedbackAward/exportAwardExcel'].post;
    expect(Object.keys(download.responses['200'].content)[0]).toContain('spreadsheetml');
    expect(doc.components.schemas.Order.properties.payAmount).toMatchObject({ type: 'integer', 'x-kind': 'money' });
    expect(doc.components.schemas.Feedback.properties.status.description).toContain('pending');
  });
});

test('every status field names an enumeration whose values all have zh_CN and en labels', () => {
  const doc = JSON.stringify(ENTITIES.map((e) => e.schemas.record));
  const names = new Set([...doc.matchAll(/"x-enum":"(\w+)"/g)].map((m) => m[1]));
  expect(names.size).toBeGreaterThan(40);
  for (const name of names) {
    const e = ENUMS[name];
    expect(e, name).toBeDefined();
    for (const entry of e.entries) {
      expect(entry.label.zh_CN, `${name}.${entry.key}`).not.toBe('');
      expect(entry.label.en, `${name}.${entry.key}`).not.toBe('');
    }
    expect(new Set(e.values).size, `${name} values are distinct`).toBe(e.values.length);
  }
});
