export * from './postgres-server.ts';
export * from './test-databases.ts';
export * from './order-fixtures.ts';
