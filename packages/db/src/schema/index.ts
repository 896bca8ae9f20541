export * from './stores.ts';
export * from './catalogue.ts';
export * from './accounts.ts';
export * from './cart.ts';
