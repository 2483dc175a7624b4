/**
 * A stored row as the seed and the store handle it generically: `id` and the two times, the rest by
 * field name. Its own module so that seed.ts and time-order.ts (which seed.ts calls) share it
 * without importing each other.
 */
export type AnyRow = { id: number; createTime: string; updateTime: string } & Record<string, unknown>;
