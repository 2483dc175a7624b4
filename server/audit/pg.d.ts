// `pg` ships no types; the driver (store.ts) casts the one class it uses, Pool, to its own interface.
declare module 'pg';
