/** Replaced at build time (vite.config.ts `define`): true only in `npm run bench`'s build (BENCH_BUILD=1). */
declare const __BENCH_BUILD__: boolean;
