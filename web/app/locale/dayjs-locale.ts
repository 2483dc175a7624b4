import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

/** Sets dayjs's global locale for a console locale: `zh_CN` → `zh-cn`, anything else English. Loaded by dates.ts. */
export function applyDayjsLocale(locale: string): void {
  dayjs.locale(locale === 'zh_CN' ? 'zh-cn' : 'en');
}
