/** PGlite's driver lives with the console database's drivers (server/console-db/pglite.ts). */
export { pgliteDriver } from '../console-db/pglite.js';
