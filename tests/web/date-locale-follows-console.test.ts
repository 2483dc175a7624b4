import dayjs from 'dayjs';
import { expect, test } from 'vitest';
import { datesReady, setDateLocale } from '../../web/app/locale/dates';

test('dayjs follows the console language chosen before it loaded and every change after', async () => {
  await setDateLocale('en');
  await setDateLocale('zh_CN');
  await datesReady();
  expect(dayjs.locale()).toBe('zh-cn');
  expect(dayjs('2026-03-02').format('dddd')).toBe('星期一');

  await setDateLocale('en');
  expect(dayjs.locale()).toBe('en');
  await datesReady();
  expect(dayjs('2026-03-02').format('dddd')).toBe('Monday');
});
