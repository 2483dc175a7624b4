/** Settings drawer, spec §3 project config (being built). */
export function SettingsDrawer(): null {
  return null;
}
