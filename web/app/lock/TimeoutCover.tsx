/** Session-timeout login cover (spec §4 cover mode; being built). */
export function TimeoutCover(): null {
  return null;
}
