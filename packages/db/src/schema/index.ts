export * from './stores.ts';
export * from './catalogue.ts';
export * from './accounts.ts';
export * from './cart.ts';
export * from './store-settings.ts';
export * from './orders.ts';
export * from './coupons.ts';
export * from './sandbox-gateway.ts';
