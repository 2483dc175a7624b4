import { createRequire } from 'node:module';
import type { Faker, Randomizer } from '@faker-js/faker';

/**
 * The pinned reference instant of generated data (`SEED_DATE=2026-11-01T08:00:00Z`): what tests of
 * fixed dates and the data's own tests generate against. A running server anchors its data to its
 * start instead (config `seedDate`), so a demo's newest records are from the last hours.
 */
export const MOCK_REF_DATE = new Date('2026-11-01T08:00:00Z');

type FakerModule = typeof import('@faker-js/faker');
let fakerModule: FakerModule | null = null;

/**
 * Faker, loaded on first use: loading it (every locale's module) is a quarter of a cold start, and a
 * boot from a seed snapshot never generates anything. Node loads the ES module
 * synchronously through `require`.
 */
function faker(): FakerModule {
  return (fakerModule ??= createRequire(import.meta.url)('@faker-js/faker') as FakerModule);
}

let chainFaker: Faker | null = null;

/**
 * Faker of the data's locale chain (zh_CN, then en, then base), loaded on first use from its own
 * locale module: the requests that draw data (advert statistics, the summary, the basic data) need
 * those three locales only, and the package's index loads every locale (about 16 MB of heap that
 * stays for the process's life). The same class and the same merged definitions as
 * `new Faker({ locale: [zh_CN, en, base] })` of the index, so the same seed draws the same values.
 */
function localeChain(): Faker {
  return (chainFaker ??= (createRequire(import.meta.url)('@faker-js/faker/locale/zh_CN') as { faker: Faker }).faker);
}

/**
 * A faker instance seeded for one slice of the mock data. Each slice (basic data, summary, each
 * entity) gets its own instance from `seed` + a salt, so adding a slice never shifts another's data.
 * Its dates are relative to `refMs` (ms since epoch; default the pinned {@link MOCK_REF_DATE}).
 */
export function seededFaker(seed: number, salt: string, refMs: number = MOCK_REF_DATE.getTime()): Faker {
  const chain = localeChain();
  const FakerClass = chain.constructor as new (options: { locale: Faker['rawDefinitions'] }) => Faker;
  const f = new FakerClass({ locale: chain.rawDefinitions });
  let h = seed >>> 0;
  for (const ch of salt) h = (Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0);
  f.seed(h);
  f.setDefaultRefDate(new Date(refMs));
  return f;
}

/** Faker's Mersenne Twister randomizer (see gen.ts; generating a seed only), loaded with faker's index on first use. */
export function mersenne53Randomizer(seed: number): Randomizer {
  return faker().generateMersenne53Randomizer(seed);
}
