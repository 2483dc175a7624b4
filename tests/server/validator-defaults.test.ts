import { expect, test } from 'vitest';
import type { TSchema } from 'typebox';
import Value from 'typebox/value';
import { ENTITIES, type AnyEntity } from '../../server/contract/index.js';
import { defaulterOf } from '../../server/mock/routes/validator.js';

test('the planned defaults fill a body exactly as Value.Default does, for every contract endpoint', () => {
  let planned = 0;
  for (const e of ENTITIES as readonly AnyEntity[]) {
    for (const ep of e.endpoints) {
      if (!ep.payload) continue;
      planned++;
      for (const body of [{}, { pageNum: 2 }, { pageNum: 1, pageSize: 50, sortOrder: 'desc' }, { id: 3, extra: [1] }]) {
        const a = defaulterOf(ep.payload as TSchema)(structuredClone(body) as Record<string, unknown>);
        const b = Value.Default(ep.payload as TSchema, structuredClone(body));
        expect(a, `${ep.path} ${JSON.stringify(body)}`).toEqual(b);
      }
    }
  }
  expect(planned).toBeGreaterThan(50);
});

test('a default is copied, never shared between bodies', () => {
  const schema = { type: 'object', properties: { tags: { type: 'array', default: ['a'] } } } as unknown as TSchema;
  const one = defaulterOf(schema)({}) as { tags: string[] };
  one.tags.push('b');
  expect(defaulterOf(schema)({})).toEqual({ tags: ['a'] });
});
