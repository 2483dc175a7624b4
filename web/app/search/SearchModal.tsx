/** Menu search modal, spec §2 (being built). */
export function SearchModal(): null {
  return null;
}
