/** Header error-log badge, spec §8 (being built). */
export function ErrorLogButton(): null {
  return null;
}
