export * from './common.ts';
export * from './catalogue.ts';
export * from './accounts.ts';
export * from './addresses.ts';
export * from './cart.ts';
export * from './messages.ts';
export * from './staff.ts';
