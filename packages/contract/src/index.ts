export * from './actor.ts';
export * from './api.ts';
export * from './bounded-cache.ts';
export * from './codes.ts';
export * from './errors.ts';
export * from './locales.ts';
export * from './model/index.ts';
export * from './rules/index.ts';
