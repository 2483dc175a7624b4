import dayjs from 'dayjs';
import { describe, expect, test } from 'vitest';
import { DATE_FORMAT, DATE_TIME_FORMAT, formatRequestBody } from '../../web/lib/request-body';

/** Spec §5 "Request bodies": dates go as 'YYYY-MM-DD HH:mm:ss', strings are trimmed. */
describe('formatRequestBody (§5)', () => {
  test('the formats are the ones spec §9 names', () => {
    expect(DATE_TIME_FORMAT).toBe('YYYY-MM-DD HH:mm:ss');
    expect(DATE_FORMAT).toBe('YYYY-MM-DD');
  });

  test('strings are trimmed, inner spaces kept', () => {
    expect(formatRequestBody('  Dragon  Sword \n')).toBe('Dragon  Sword');
    expect(formatRequestBody('   ')).toBe('');
  });

  test('Date and dayjs values become YYYY-MM-DD HH:mm:ss in local time', () => {
    expect(formatRequestBody(new Date(2024, 1, 29, 7, 8, 9))).toBe('2024-02-29 07:08:09');
    expect(formatRequestBody(dayjs('2023-12-31T23:59:59'))).toBe('2023-12-31 23:59:59');
  });

  test('invalid dates become null rather than "Invalid Date"', () => {
    expect(formatRequestBody(new Date('nope'))).toBeNull();
    expect(formatRequestBody(dayjs('nope'))).toBeNull();
  });

  test('nested objects and arrays are formatted recursively', () => {
    expect(
      formatRequestBody({
        keyword: ' ring ',
        createTime: [new Date(2024, 0, 1, 0, 0, 0), dayjs('2024-01-31T23:59:59')],
        filter: { status: [' 1 ', 2], owner: { name: ' ann ' } },
      }),
    ).toEqual({
      keyword: 'ring',
      createTime: ['2024-01-01 00:00:00', '2024-01-31 23:59:59'],
      filter: { status: ['1', 2], owner: { name: 'ann' } },
    });
  });

  test('numbers, booleans, null and undefined pass unchanged', () => {
    expect(formatRequestBody({ n: 0, f: 1.5, b: false, z: null, u: undefined })).toEqual({ n: 0, f: 1.5, b: false, z: null, u: undefined });
    expect(formatRequestBody(42)).toBe(42);
    expect(formatRequestBody(null)).toBeNull();
    expect(formatRequestBody(undefined)).toBeUndefined();
  });

  test('Blobs and other class instances pass through as the same object', () => {
    const blob = new Blob(['x']);
    const out = formatRequestBody({ file: blob }) as { file: Blob };
    expect(out.file).toBe(blob);
  });

  test('the input is not mutated', () => {
    const when = new Date(2024, 5, 1, 12, 0, 0);
    const input = { name: ' a ', when, list: [' b '] };
    const out = formatRequestBody(input);
    expect(input).toEqual({ name: ' a ', when, list: [' b '] });
    expect(out).not.toBe(input);
    expect((out as { list: unknown }).list).not.toBe(input.list);
  });
});
