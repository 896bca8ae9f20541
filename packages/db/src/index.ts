export * from './client.ts';
export * from './schema/index.ts';
export * from './owed-order-emails.ts';
export { schema };
import * as schema from './schema/index.ts';
export * from './seed/index.ts';
