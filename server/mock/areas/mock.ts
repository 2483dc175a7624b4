import type { FaultRule, TrafficUpdate } from '../../contract/mock-qa.js';
import type { MockContext } from '../context.js';
import type { TypedHandlers } from '../routes/actions.js';

/**
 * QA control endpoints (`/v1/mock/*`, mock mode only, no token: see server/mock/qa.ts). A reset
 * restores the seeded data (another seed when given: generated on first use, ~1 s at scale 1) and
 * clears the faults; sessions stay, so a signed-in browser keeps working. The demo traffic keeps its
 * setting through a reset and starts its sequence over (server/mock/traffic.ts).
 */

function info(ctx: MockContext) {
  return { seed: ctx.store.seed, scale: ctx.store.scale, buildMs: ctx.store.buildMs, counts: ctx.store.counts() };
}

export const mockHandlers = {
  'mock.info': ({ ctx }) => info(ctx),
  'mock.reset': async ({ ctx, body, req }) => {
    const { seed } = body as { seed?: number };
    // Built in slices, then swapped: other requests are answered meanwhile.
    await ctx.store.resetAsync(seed ?? ctx.store.seed);
    ctx.faults.clear();
    ctx.traffic.restart();
    req.log.info({ seed: ctx.store.seed }, 'mock data reset');
    return info(ctx);
  },
  'mock.faults.add': ({ ctx, body }) => ctx.faults.add(body as FaultRule),
  'mock.faults.list': ({ ctx }) => ctx.faults.list(),
  'mock.faults.clear': ({ ctx, body }) => ({ count: ctx.faults.clear((body as { ids?: number[] }).ids) }),
  'mock.traffic.info': ({ ctx }) => ctx.traffic.info(),
  'mock.traffic.update': ({ ctx, body, req }) => {
    const info = ctx.traffic.update(body as TrafficUpdate);
    req.log.info({ enabled: info.enabled, perMinute: info.perMinute, kinds: info.kinds }, 'demo traffic set');
    return info;
  },
} satisfies TypedHandlers;
