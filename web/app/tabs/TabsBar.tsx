/** Multi-tab bar, spec §2 Multi-tab navigation (being built). */
export function TabsBar(): null {
  return null;
}
