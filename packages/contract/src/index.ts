export * from './codes.ts';
export * from './constants.ts';
export * from './envelope.ts';
export * from './format.ts';
export * from './schemas/health.ts';
export * from './sha256.ts';
export * from './signing.ts';
export * from './site.ts';
