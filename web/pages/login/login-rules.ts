/** Field checks of the login and forgotten-password forms; each returns an i18n key or null. */
export type Rule = (value: string) => string | null;

export const required = (key: string): Rule => (v) => (v.trim() ? null : key);
/** Mainland China mobile numbers: 11 digits starting with 1. */
export const mobile: Rule = (v) => (/^1\d{10}$/.test(v.trim()) ? null : 'login.rules.mobile');
export const smsCode: Rule = (v) => (/^\d{6}$/.test(v.trim()) ? null : 'login.rules.sms');

/** Runs the rules of each field; returns the first failing key per field (empty object = valid). */
export function validate<F extends string>(values: Record<F, string>, rules: Partial<Record<F, Rule[]>>): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const f of Object.keys(rules) as F[]) {
    for (const r of rules[f] ?? []) {
      const e = r(values[f] ?? '');
      if (e) {
        errors[f] = e;
        break;
      }
    }
  }
  return errors;
}
