export * from './test-databases.ts';
