export * from './stores.ts';
export * from './catalogue.ts';
export * from './accounts.ts';
