/** Footer (showFooter) (being built). */
export function Footer(): null {
  return null;
}
