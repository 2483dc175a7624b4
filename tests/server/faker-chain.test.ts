import { Faker, base, en, zh_CN } from '@faker-js/faker';
import { expect, test } from 'vitest';
import { MOCK_REF_DATE, seededFaker } from '../../server/mock/faker.js';

/**
 * The mock's faker comes from the zh_CN locale module (three locales, not the index's every
 * locale): for the same seed and salt it draws what the index's `[zh_CN, en, base]` chain draws.
 */
test('seededFaker draws the same values as the index chain [zh_CN, en, base]', () => {
  const draw = (f: Faker) => Array.from({ length: 200 }, () => [f.person.fullName(), f.commerce.productName(), f.location.streetAddress(), f.lorem.sentence(), f.company.name(), f.internet.email(), f.phone.number(), f.date.recent().toISOString(), f.string.alphanumeric(8), f.number.int(1000), f.music.songName()]);
  const ours = seededFaker(7, 'summary');
  const index = new Faker({ locale: [zh_CN, en, base] });
  for (const f of [ours, index]) {
    f.seed(12_345);
    f.setDefaultRefDate(MOCK_REF_DATE);
  }
  expect(draw(ours)).toEqual(draw(index));
});
