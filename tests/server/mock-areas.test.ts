import Fastify from 'fastify';
import { describe, expect, expectTypeOf, test } from 'vitest';
import { ACTIONS, AREAS, type ActionPayload } from '../../server/contract/index.js';
import { orderHandlers } from '../../server/mock/areas/order.js';
import type { MockContext } from '../../server/mock/context.js';
import { AREA_HANDLERS } from '../../server/mock/areas/index.js';
import { registerActionRoutes } from '../../server/mock/routes/actions.js';

/** Mock handlers are filed by the contract's area (server/mock/areas/README.md); the registrar keeps them so. */
describe('mock handlers by area', () => {
  const noCtx = null as unknown as MockContext;

  test('every area of the contract has one entry, and each handler sits in its action’s area', () => {
    expect(Object.keys(AREA_HANDLERS).sort()).toEqual([...AREAS].sort());
    for (const ep of ACTIONS) expect(Object.keys(AREA_HANDLERS[ep.area]), ep.name).toContain(ep.name);
  });

  test('a handler filed under another area stops the server at start, naming the right file', () => {
    const { 'member.setStatus': setStatus, ...member } = AREA_HANDLERS.member;
    const misfiled = { ...AREA_HANDLERS, member, order: { ...AREA_HANDLERS.order, 'member.setStatus': setStatus } };
    expect(() => registerActionRoutes(Fastify(), noCtx, misfiled)).toThrow('member.setStatus belongs in server/mock/areas/member.ts');
  });

  test('a handler naming no contract action, or a missing handler, stops the server at start', () => {
    expect(() => registerActionRoutes(Fastify(), noCtx, { ...AREA_HANDLERS, order: { ...AREA_HANDLERS.order, 'order.teleport': () => null } })).toThrow('order.teleport (server/mock/areas/order.ts) names no contract action');
    const { 'order.reissue': _gone, ...order } = AREA_HANDLERS.order;
    expect(() => registerActionRoutes(Fastify(), noCtx, { ...AREA_HANDLERS, order })).toThrow('no handler for contract action order.reissue');
  });

  test('a handler\'s body is its action\'s payload, typed from the contract by name', () => {
    expectTypeOf(orderHandlers['order.reissue']).parameter(0).toHaveProperty('body').toEqualTypeOf<ActionPayload<'order.reissue'>>();
    expectTypeOf<ActionPayload<'order.reissue'>>().toMatchTypeOf<{ id: number; reason: string; itemId?: number }>();
  });
});
