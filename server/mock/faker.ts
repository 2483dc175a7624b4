import { Faker, zh_CN, en, base } from '@faker-js/faker';

/** Reference "now" of generated data, fixed so the same seed gives the same data on any day. */
export const MOCK_REF_DATE = new Date('2026-11-01T08:00:00Z');

/**
 * A faker instance seeded for one slice of the mock data. Each slice (basic data, summary, each
 * entity) gets its own instance from `seed` + a salt, so adding a slice never shifts another's data.
 */
export function seededFaker(seed: number, salt: string): Faker {
  const f = new Faker({ locale: [zh_CN, en, base] });
  let h = seed >>> 0;
  for (const ch of salt) h = (Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0);
  f.seed(h);
  f.setDefaultRefDate(MOCK_REF_DATE);
  return f;
}
