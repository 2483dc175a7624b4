/** Full screen toggle (being built). */
export function FullScreenButton(): null {
  return null;
}
