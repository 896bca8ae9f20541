export * from './stores.ts';
export * from './catalogue.ts';
