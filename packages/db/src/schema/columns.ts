import { bigint, text, timestamp } from 'drizzle-orm/pg-core';
import { stores } from './stores.ts';

/** The store a row belongs to; the row goes when its store goes. */
export const storeId = () =>
  text('store_id')
    .notNull()
    .references(() => stores.id, { onDelete: 'cascade' });

/** A moment, with its time zone. */
export const stamp = (name: string) => timestamp(name, { withTimezone: true });

/** An amount of money in paise (bigint: totals can pass an integer), read as a JS number. */
export const paise = (name: string) => bigint(name, { mode: 'number' });
