export * from './postgres-server.ts';
export * from './test-databases.ts';
