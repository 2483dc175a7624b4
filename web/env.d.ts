// esbuild bundles CSS imported from TS (see scripts/build.ts); there are no CSS module exports.
declare module '*.css';
