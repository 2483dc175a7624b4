import type { BasicData, LoginPayload, LoginResult, MenuEntry, UserInfo } from '../../server/contract/auth';
import { http } from './http';

/** Spec §7 session endpoints, typed from the contract. */
export const sessionApi = {
  /** Errors show as a modal (spec §7 "errors shown as modal by default"). */
  login: (payload: LoginPayload) => http.post<LoginResult>('/v1/admin/login', payload, { errorMode: 'modal' }),
  /**
   * The lock screen's check of the account password (spec §4 lock screen): a sign-in whose refusal
   * is shown beside the field, not as a modal, and that sends no token (the session may be locking).
   */
  verify: (payload: LoginPayload) => http.post<LoginResult>('/v1/admin/login', payload, { errorMode: 'none', withToken: false }),
  /** Errors are not displayed (spec §7). */
  adminInfo: () => http.post<UserInfo>('/v1/admin/adminInfo', undefined, { errorMode: 'none' }),
  getPermCode: () => http.post<string[]>('/v1/getPermCode'),
  logout: () => http.post<null>('/v1/admin/logout', undefined, { errorMode: 'none' }),
  captchaToken: () => http.get<{ captchaToken: string; expireIn: number }>('/v1/captcha/token', { withToken: false, ignoreCancel: true }),
  /** URL of the captcha image for an `<img>` (spec §7 `{host}/v1/captcha/image?token=`). */
  captchaImageUrl: (token: string) => `/v1/captcha/image?token=${encodeURIComponent(token)}`,
  adminMenus: () => http.post<MenuEntry[]>('/v1/admin/adminMenus'),
  basicData: () => http.post<BasicData>('/v1/admin/gameCategory'),
};
