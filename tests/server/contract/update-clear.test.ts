import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { game, goods } from '../../../server/contract/index.js';
import { makeApp, signIn } from '../helpers.js';
import { mockCtx, post } from './harness.js';

/**
 * Clearing an optional field on update ("an optional field emptied on modify is
 * cleared"): the update schema takes null for optional fields without a default, the mock drops
 * the field; fields with a default are cleared with their empty value; required fields refuse null.
 */
let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  ({ app } = await makeApp({ MOCK_CAPTCHA_CODE: 'TEST' }));
  token = await signIn(app);
});
afterAll(async () => {
  await app?.close();
});

describe('update clears optional fields', () => {
  test('null clears an optional field (cover, release date) and the record answers without it', async () => {
    const row = [...mockCtx(app).store.col('game').values()].find((r) => r.cover && r.releaseDate)!;
    const res = await post(app, token, game.ops.update!, { id: row.id, cover: null, releaseDate: null, tagIds: [], developer: '' });
    expect(res.json.code).toBe(200);
    const info = await post(app, token, game.ops.info!, { id: row.id });
    expect(info.json.data.cover).toBeUndefined();
    expect(info.json.data.releaseDate).toBeUndefined();
    expect(info.json.data.tagIds).toEqual([]);
    expect(info.json.data.developer).toBe('');
    expect(info.json.data.gameName).toBe(row.gameName);
  });

  test('an optional reference can be cleared; a required field refuses null naming it and nothing changes', async () => {
    const row = [...mockCtx(app).store.col('goods').values()].find((r) => r.gameId)!;
    const ok = await post(app, token, goods.ops.update!, { id: row.id, gameId: null });
    expect(ok.json.code).toBe(200);
    expect(ok.json.data.gameId).toBeUndefined();
    const bad = await post(app, token, goods.ops.update!, { id: row.id, goodsName: null });
    expect(bad.json.code).toBe(400);
    expect(bad.json.message).toMatch(/^goodsName/);
    const info = await post(app, token, goods.ops.info!, { id: row.id });
    expect(info.json.data.goodsName).toBe(row.goodsName);
  });
});
