export * from './common.ts';
export * from './catalogue.ts';
