import { useCallback, useEffect, useState } from 'react';
import { sessionApi } from '../api/session';

/**
 * A one-time captcha for the login endpoint (spec §7 /v1/captcha/token and /image), as the login page, the lock
 * screen's account-password path and the timeout cover need it. `refresh()` fetches a new one
 * (each attempt spends the old one). Fetches on mount only when `enabled`.
 */
export function useCaptcha(enabled = true) {
  const [captcha, setCaptcha] = useState<{ token: string; url: string } | null>(null);
  const refresh = useCallback(async () => {
    try {
      const { captchaToken } = await sessionApi.captchaToken();
      setCaptcha({ token: captchaToken, url: sessionApi.captchaImageUrl(captchaToken) });
    } catch {
      setCaptcha(null);
    }
  }, []);
  useEffect(() => {
    if (enabled) void refresh();
  }, [enabled, refresh]);
  return { captcha, refresh };
}
