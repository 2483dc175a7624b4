import { describe, expect, test } from 'vitest';
import { feedback, feedbackAward, feedbackType } from '../../server/contract/feedback.js';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, listQueryString, listRequest, pageAfterDelete, parseListQuery } from '../../web/crud/query-state.js';

/** The list view ↔ URL query (behaviour notes "Filters, page and sort are kept in the page URL's query"). */
describe('list state in the URL query', () => {
  const filters = ['keyword', 'typeId', 'status', 'source', 'createTime'];

  test('the default view is an empty query and asks for page 1 of 10 (spec §9)', () => {
    const s = parseListQuery('', feedback, filters);
    expect(s).toEqual({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE, filters: {} });
    expect(listQueryString(s)).toBe('');
    expect(listRequest(s)).toEqual({ pageNum: 1, pageSize: 10 });
    expect(PAGE_SIZES).toEqual([10, 50, 80, 100]);
  });

  test('filters, page, size and sort survive a round trip through the URL', () => {
    const s = { pageNum: 3, pageSize: 50, sortField: 'createTime', sortOrder: 'asc' as const, filters: { status: 0, typeId: 2, keyword: '退款', createTime: ['2026-01-01 00:00:00', '2026-01-31 23:59:59'] } };
    const qs = listQueryString(s);
    expect(qs).toContain('status=0');
    expect(qs).toContain('pageNum=3');
    expect(parseListQuery(qs, feedback, filters)).toEqual(s);
  });

  test('numbers come back as numbers (enum, ref), texts as texts', () => {
    const s = parseListQuery('?status=1&typeId=4&keyword=12', feedback, filters);
    expect(s.filters).toEqual({ status: 1, typeId: 4, keyword: '12' });
  });

  test('a hand-edited URL never yields a request the server would refuse', () => {
    const s = parseListQuery('?pageNum=-2&pageSize=33&sortField=content&sortOrder=up&status=x&nope=1&createTime=2026-01-01', feedback, filters);
    expect(s).toEqual({ pageNum: 1, pageSize: 10, filters: {} });
    expect(parseListQuery('?pageNum=0', feedbackType, []).pageNum).toBe(1);
  });

  test('only declared filters are read; a page key such as a tab is kept beside the state', () => {
    expect(parseListQuery('?typeName=a&activityName=b', feedbackAward, ['activityName']).filters).toEqual({ activityName: 'b' });
    expect(listQueryString({ pageNum: 2, pageSize: 10, filters: { word: 'x' } }, { tab: 'words' })).toBe('?tab=words&word=x&pageNum=2');
  });

  test('empty filters are left out of the URL and the request; texts are trimmed', () => {
    const s = { pageNum: 1, pageSize: 10, filters: { keyword: '  a ', status: null, createTime: ['2026-01-01 00:00:00'] } };
    expect(listQueryString(s)).toBe('?keyword=++a+');
    expect(listRequest(s)).toEqual({ pageNum: 1, pageSize: 10, keyword: 'a' });
  });

  test('after deleting the last rows of the last page the view steps back a page', () => {
    expect(pageAfterDelete({ pageNum: 3, pageSize: 10, filters: {} }, 21, 1)).toBe(2);
    expect(pageAfterDelete({ pageNum: 3, pageSize: 10, filters: {} }, 25, 1)).toBe(3);
    expect(pageAfterDelete({ pageNum: 1, pageSize: 10, filters: {} }, 1, 1)).toBe(1);
  });
});
