/** Settings drawer button, spec §3 project config (being built). */
export function SettingsButton(): null {
  return null;
}
