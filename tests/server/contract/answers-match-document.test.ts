import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeApp, signIn } from '../helpers.js';
import { DocumentValidator, documentOperations, runDocumentFuzz } from '../document-fuzz.js';

/**
 * The OpenAPI document at `/docs/json` tells the truth: requests generated from its own request
 * schemas (tests/server/document-fuzz.ts, seeded, a few per operation) get answers that match its
 * responses (status, content type, schema, checked with ajv), no 5xx, and every request the
 * document calls invalid is refused. `npm run fuzz` runs more seeds and cases.
 */

let app: FastifyInstance;
let token: string;
let v: DocumentValidator;
beforeAll(async () => {
  ({ app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST', SCALE: '0.05' }));
  token = await signIn(app);
  v = new DocumentValidator((await app.inject({ method: 'GET', url: '/docs/json' })).json());
});
afterAll(async () => {
  await app?.close();
});

test('every operation answers as the document says, and every request it calls invalid is refused (seed 1)', async () => {
  const totals = await runDocumentFuzz(app, { seeds: [1], perOp: 3, signIn: () => signIn(app), validator: v });
  expect(totals.operations).toBe(documentOperations(v.doc).length);
  expect(totals.operations).toBeGreaterThan(450);
  expect(totals.invalid).toBeGreaterThan(totals.operations);
  expect(totals.findings.slice(0, 20)).toEqual([]);
}, 180_000);

test('a JSON null body is refused with HTTP 400 naming the body, also where the body is optional', async () => {
  for (const url of ['/v1/member/list', '/v1/admin/adminInfo', '/v1/mock/info']) {
    const res = await app.inject({ method: 'POST', url, headers: { authorization: token, 'content-type': 'application/json' }, payload: 'null' });
    expect(res.statusCode, url).toBe(400);
    expect(res.json(), url).toMatchObject({ code: 400, data: null, field: 'body', message: 'body: must be object' });
  }
});

test('a documented path asked with another method answers 405 with Allow; an unknown path 404', async () => {
  const put = await app.inject({ method: 'PUT', url: '/v1/member/list', headers: { authorization: token } });
  expect(put.statusCode).toBe(405);
  expect(put.headers.allow).toBe('POST');
  expect(put.json()).toMatchObject({ code: 405, data: null, message: expect.stringContaining('use POST') });
  const post = await app.inject({ method: 'POST', url: '/v1/captcha/token' });
  expect(post.statusCode).toBe(405);
  expect(post.headers.allow).toBe('GET, HEAD');
  const unknown = await app.inject({ method: 'GET', url: '/v1/member/nothing', headers: { authorization: token } });
  expect(unknown.statusCode).toBe(404);
});

test('the .xlsx imports refuse a request that is not a form as /upload does: HTTP 400 naming the part', async () => {
  for (const [url, part] of [['/api/v1/feedbackAward/importAwardExcel', 'file'], ['/upload', 'name[]']]) {
    const res = await app.inject({ method: 'POST', url, headers: { authorization: token, 'content-type': 'application/json' }, payload: '{}' });
    expect(res.statusCode, url).toBe(400);
    expect(res.json(), url).toMatchObject({ code: 400, data: null, field: part });
  }
});

test('request strings say in the document that control characters are refused', () => {
  const schemas = v.doc.components.schemas;
  expect(schemas.FeedbackTypeAdd.properties.typeName.allOf ?? [{ pattern: schemas.FeedbackTypeAdd.properties.typeName.pattern }]).toContainEqual({ pattern: expect.stringContaining('\\u0000-\\u0008') });
  expect(v.valid(schemas.FeedbackTypeAdd, { typeName: 'a\u0001b' })).toBe(false);
  expect(v.valid(schemas.FeedbackTypeAdd, { typeName: 'ok 😀' })).toBe(true);
  const login = v.doc.paths['/v1/admin/login'].post;
  expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '400']));
  const list = v.doc.paths['/v1/member/list'].post;
  expect(Object.keys(list.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
  const image = v.doc.paths['/v1/captcha/image'].get;
  expect(Object.keys(image.responses)).toEqual(expect.arrayContaining(['200', '400', '404']));
  const download = v.doc.paths['/v1/feedbackAward/exportAwardExcel'].post.responses['200'].content;
  expect(Object.keys(download)).toEqual(expect.arrayContaining(['application/json']));
});
