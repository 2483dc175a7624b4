/** Top progress bar (openNProgress) and page loading (openPageLoading) (being built). */
export function PageProgress(): null {
  return null;
}
