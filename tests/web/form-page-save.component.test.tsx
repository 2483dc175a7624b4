import { describe, expect, test } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { calls, mockApi, notices, render } from './component/setup';
import { ResourceForm, ResourceFormPage, defineResource } from '../../web/crud';
import { feedbackType } from '../../server/contract/feedback';
import { subscribePageTabCloses } from '../../web/services/page-tab';
import goods from '../../web/resources/goods/goods.resource';

/**
 * A page-mode form when its save succeeds: the toast says what the saved record is (a new goods
 * item left as a draft says it is a draft), and the page, back on its list, asks the shell to close
 * its own tab; a cancel goes back without closing it.
 */

const GOODS = { goodsName: 'Card 100', categoryId: 2, platformId: 1, price: 10, originalPrice: 12, deliveryType: 1 };

describe('goods add: the toast says what was saved', () => {
  for (const [status, toast] of [[undefined, 'Saved as a draft: buyers do not see it until you put it on shelf (Status in Pricing and stock)'], [1, 'Added']] as const) {
    test(`status ${status ?? 'untouched'} → "${toast}"`, async () => {
      mockApi('/v1/goods/add', (body) => ({ id: 31, goodsSn: 'G1', stock: 0, sales: 0, status: 0, ...(body as object) }));
      render(<ResourceForm resource={goods} visible onHide={() => {}} onSaved={() => {}} mode="page" defaults={status === undefined ? GOODS : { ...GOODS, status }} />);
      fireEvent.click(await screen.findByTestId('crud-form-save'));
      await waitFor(() => expect(notices).toContain(toast));
      expect(calls.find((c) => c.path === '/v1/goods/add')?.body).toMatchObject({ goodsName: 'Card 100', price: 1000 });
    });
  }
});

describe('a page-mode form closes its tab after a save', () => {
  const res = defineResource({ entity: feedbackType, permission: 'FeedbackType', route: '/feedback/type', columns: ['id'], form: { mode: 'page', fields: ['typeName'] } });

  function open(path: string) {
    history.replaceState(null, '', path);
    const closed: string[] = [];
    const stop = subscribePageTabCloses((key) => closed.push(key));
    const page = render(
      <Router>
        <ResourceFormPage resource={res} modify={path.includes('modify')} onDone={() => history.pushState(null, '', '/feedback/type')} />
      </Router>,
    );
    return { closed, stop, page };
  }

  test('the add page, saved, is back on its list and asks for its tab to close', async () => {
    mockApi('/v1/feedbackType/add', (body) => ({ id: 9, sort: 0, status: 1, ...(body as object) }));
    const { closed, stop } = open('/feedback/type/add');
    fireEvent.change(document.getElementById('crud-feedbackType-typeName')!, { target: { value: 'Delivery' } });
    fireEvent.click(screen.getByTestId('crud-form-save'));
    await waitFor(() => expect(closed).toEqual(['/feedback/type/add']));
    expect(location.pathname).toBe('/feedback/type');
    expect(notices).toContain('Added');
    stop();
  });

  test('a modify page, saved, asks for its own tab (with its record) to close', async () => {
    mockApi('/v1/feedbackType/info', () => ({ id: 2, typeName: 'Refund', sort: 0, status: 1 }));
    mockApi('/v1/feedbackType/update', (body) => ({ id: 2, sort: 0, status: 1, ...(body as object) }));
    const { closed, stop } = open('/feedback/type/modify?id=2');
    await waitFor(() => expect((document.getElementById('crud-feedbackType-typeName') as HTMLInputElement).value).toBe('Refund'));
    fireEvent.change(document.getElementById('crud-feedbackType-typeName')!, { target: { value: 'Refunds' } });
    fireEvent.click(screen.getByTestId('crud-form-save'));
    await waitFor(() => expect(closed).toEqual(['/feedback/type/modify?id=2']));
    stop();
  });

  test('a cancel goes back to the list and leaves the tab open', async () => {
    const { closed, stop } = open('/feedback/type/add');
    fireEvent.click(screen.getByTestId('crud-form-cancel'));
    await waitFor(() => expect(location.pathname).toBe('/feedback/type'));
    expect(closed).toEqual([]);
    stop();
  });
});
