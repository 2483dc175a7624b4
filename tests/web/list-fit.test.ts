import { describe, expect, test } from 'vitest';
import { fieldSpec, type Resource } from '../../web/crud';
import { fitColumns, fitWidth, keyColumnOf } from '../../web/crud/list-fit';
import goodsRes from '../../web/resources/goods/goods.resource';
import orderRes from '../../web/resources/order/order.resource';
import feedbackRes from '../../web/resources/feedback/feedback.resource';

/**
 * The list's column fit (web/crud/list-fit.ts): in the room a table has, the key column, amounts,
 * stock, statuses and times stay; the other columns are added by priority while they fit, and a
 * secondary column never takes the place of an ordinary one that did not fit.
 */
const fit = (r: Resource, width: number, fixed = 150) => {
  const cols = r.columns as string[];
  const specs = Object.fromEntries(cols.map((c) => [c, fieldSpec(r, c)]));
  return fitColumns(r, cols, specs, { width, fixed });
};
const goodsCols = goodsRes.columns as string[];

describe('fitColumns', () => {
  test('a table not measured yet, or wide enough, shows every column as declared', () => {
    expect(fit(goodsRes, 0)).toEqual(goodsCols);
    const all = goodsCols.reduce((n, c) => n + fitWidth(fieldSpec(goodsRes, c)), 150);
    expect(fit(goodsRes, all)).toEqual(goodsCols);
  });

  test('a narrow goods table keeps the name, price, stock, status and creation time, in declared order, whatever its width', () => {
    for (const width of [400, 1000]) {
      const shown = fit(goodsRes, width);
      expect(shown.filter((c) => ['goodsName', 'price', 'stock', 'status', 'createTime'].includes(c))).toEqual(['goodsName', 'price', 'stock', 'status', 'createTime']);
      expect(shown).toEqual(goodsCols.filter((c) => shown.includes(c)));
      // The image, the goods number and the tags give way first.
      for (const c of ['cover', 'goodsSn', 'tagIds']) expect(shown).not.toContain(c);
    }
    // Room for the essentials only: nothing else.
    expect(fit(goodsRes, 400)).toEqual(['goodsName', 'price', 'stock', 'status', 'createTime']);
  });

  test('ordinary columns are added while they fit; a secondary one does not jump an ordinary one that did not fit', () => {
    // 1480 − 150 fixed − 750 essential leaves 580: the id (80), game, category and platform (420), then the area (140) does not fit.
    const shown = fit(goodsRes, 1480);
    expect(shown).toEqual(['id', 'goodsName', 'gameId', 'categoryId', 'platformId', 'price', 'stock', 'status', 'createTime']);
    // 80 px are left, as wide as the image, which stays out.
    expect(shown).not.toContain('cover');
  });

  test('an order table keeps the number, amount, status and placing time; the payment time gives way', () => {
    expect(fit(orderRes, 700)).toEqual(['orderNo', 'payAmount', 'status', 'createTime']);
    expect(fit(orderRes, 1100)).not.toContain('payTime');
  });

  test('a long-text column is counted at the width it is read in, not the ordinary 140 px', () => {
    const cols = feedbackRes.columns as string[];
    const content = fieldSpec(feedbackRes, 'content');
    expect(fitWidth(content)).toBe(240);
    // 742 px less 180 of selection and actions: the content, status and time (510) leave 52, no room for the id (80).
    const shown = fitColumns(feedbackRes, cols, Object.fromEntries(cols.map((c) => [c, fieldSpec(feedbackRes, c)])), { width: 742, fixed: 180 });
    expect(shown).toContain('content');
    expect(shown).not.toContain('id');
  });
});

describe('keyColumnOf', () => {
  test("the entity's label column is the key; a list without it has none", () => {
    expect(keyColumnOf(goodsRes, goodsCols)).toBe('goodsName');
    expect(keyColumnOf(orderRes, orderRes.columns as string[])).toBe('orderNo');
    expect(keyColumnOf(goodsRes, ['id', 'price'])).toBeUndefined();
  });
});
