// The contract's plain values, without zod: what the browser's start imports (web/src/app/start.tsx and its
// imports). Through the index, the start's static imports took every module of the contract, so the web
// build's grouping by them (web/vite.config.ts) put zod and every schema in the start's chunk, built before
// the first screen (issue 31). Types come from the index still: they leave no import behind.
export * from './api.ts';
export * from './codes.ts';
export * from './locales.ts';
export * from './texts/model-texts.ts';
