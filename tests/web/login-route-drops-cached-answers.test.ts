import { expect, test } from 'vitest';
import { queryClient } from '../../web/api/query';
import { clearQueryCache } from '../../web/api/query-cache';

test('reaching the login page drops every cached answer of the query library once it has loaded', () => {
  queryClient.setQueryData(['order', 'list', { pageNum: 1 }], { list: [{ id: 1 }], total: 1 });
  expect(queryClient.getQueryData(['order', 'list', { pageNum: 1 }])).toBeDefined();

  clearQueryCache();

  expect(queryClient.getQueryData(['order', 'list', { pageNum: 1 }])).toBeUndefined();
  expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
});
