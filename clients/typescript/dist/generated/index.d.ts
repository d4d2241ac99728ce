export type * from './types.gen.js';
export * from './sdk.gen.js';
