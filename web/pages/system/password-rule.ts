/**
 * The password rule of the change-password screen (contract PasswordPayload: 6–64 characters with
 * a letter and a digit) and a strength score for the meter. Pure.
 */
export type PasswordProblem = 'required' | 'length' | 'letterDigit' | 'same' | 'mismatch';

/** What is wrong with a new password, or null when it may be sent. */
export function passwordProblem(current: string, next: string, confirm: string): PasswordProblem | null {
  if (!next) return 'required';
  if (next.length < 6 || next.length > 64) return 'length';
  if (!/[A-Za-z]/.test(next) || !/\d/.test(next)) return 'letterDigit';
  if (next === current) return 'same';
  if (next !== confirm) return 'mismatch';
  return null;
}

/** 0 (weak) to 3 (strong): length of 10+, mixed case, a symbol, each add one to the rule's base. */
export function passwordStrength(p: string): 0 | 1 | 2 | 3 {
  if (p.length < 6 || !/[A-Za-z]/.test(p) || !/\d/.test(p)) return 0;
  const extra = [p.length >= 10, /[a-z]/.test(p) && /[A-Z]/.test(p), /[^A-Za-z0-9]/.test(p)].filter(Boolean).length;
  return extra >= 2 ? 3 : extra === 1 ? 2 : 1;
}
