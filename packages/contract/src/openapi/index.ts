export * from './document.ts';
export * from './endpoint-operation.ts';
export * from './error-schemas.ts';
export * from './model-schemas.ts';
export * from './report-schemas.ts';
export * from './route-schemas.ts';
