import { seededFaker } from '../faker.js';
import type { TypedHandlers } from '../routes/actions.js';
import { MockError } from '../store/crud.js';
import { DAY_MS, fmtDate, Gen, parseTime } from '../store/gen.js';

/** Operations (spec §2 /operate): the advert chart data, sending and revoking station messages. */

export const operateHandlers = {
  /**
   * Daily impressions and clicks over the advert's schedule so far (start → min(end, today)), the
   * last `days` of it when given, at most 90 days; deterministic per seed and advert and near the
   * advert's totals; `ctr` in percent. An advert that has not started yet answers empty series.
   */
  'advert.stats': ({ ctx, body }) => {
    const ad = ctx.crud.find('advert', body.id);
    const start = parseTime(ad.startTime as string);
    const end = Math.min(parseTime(ad.endTime as string), parseTime(ctx.crud.now()));
    const scheduled = end < start ? 0 : Math.floor((end - start) / DAY_MS) + 1;
    const days = Math.min(scheduled, body.days ?? 90, 90);
    const g = new Gen(seededFaker(ctx.store.seed, `advert.stats:${ad.id}`));
    const dates = Array.from({ length: days }, (_, k) => fmtDate(end - (days - 1 - k) * DAY_MS));
    const span = Math.max(1, Math.round((parseTime(ad.endTime as string) - start) / DAY_MS));
    const views = dates.map(() => Math.round(((ad.views as number) / span) * g.int(60, 140) / 100));
    const rate = (ad.clicks as number) / Math.max(1, ad.views as number);
    const clicks = views.map((v) => Math.min(v, Math.round(v * rate * g.int(70, 130) / 100)));
    const ctr = views.map((v, k) => (v ? Math.round((clicks[k] / v) * 10_000) / 100 : 0));
    return { dates, views, clicks, ctr };
  },

  /** Draft → sent, now or at a future `sendTime` (scheduled). A sent message is never edited (hooks). */
  'stationMsg.send': ({ ctx, body }) => {
    const m = ctx.crud.find('stationMsg', body.id);
    if (m.status !== 0) throw new MockError('id', 'stationMsg.alreadyDone', { id: m.id, status: m.status === 1 ? 'sent' : 'revoked' });
    const now = ctx.crud.now();
    if (body.sendTime !== undefined && body.sendTime < now) throw new MockError('sendTime', 'time.inPast', { now });
    return ctx.store.col('stationMsg').replace({ ...m, status: 1, sendTime: body.sendTime ?? now, updateTime: now });
  },

  /** Sent (or scheduled) → revoked: members no longer see it; it cannot be sent again. */
  'stationMsg.revoke': ({ ctx, body }) => {
    const m = ctx.crud.find('stationMsg', body.id);
    if (m.status !== 1) throw new MockError('id', 'stationMsg.notSent', { id: m.id, status: m.status === 0 ? 'a draft' : 'already revoked' });
    return ctx.store.col('stationMsg').replace({ ...m, status: 2, updateTime: ctx.crud.now() });
  },
} satisfies TypedHandlers;
