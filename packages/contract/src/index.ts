export * from './actor.ts';
export * from './errors.ts';
export * from './locales.ts';
export * from './model/index.ts';
export * from './rules/index.ts';
