/** Back-to-top button (useOpenBackTop) (being built). */
export function BackTop(): null {
  return null;
}
