/** Menu search button, spec §2 Menu search modal (being built). */
export function SearchButton(): null {
  return null;
}
