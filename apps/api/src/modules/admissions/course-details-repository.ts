import { and, eq } from 'drizzle-orm';
import { courseDetails, type Database, type Transaction } from '@shop/db';

export type CourseDetailsRow = typeof courseDetails.$inferSelect;
export type CourseDetailsValues = Pick<
  CourseDetailsRow,
  'batch' | 'schedule' | 'ageGroup' | 'place'
>;

/** The course details' only database code (admissions owns `course_details`). */
export class CourseDetailsRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** Every course's details of the store. */
  list(storeId: string): Promise<CourseDetailsRow[]> {
    return this.db.select().from(courseDetails).where(eq(courseDetails.storeId, storeId));
  }

  /** One course's details in the store, the row locked when `tx` is given; null: none yet. */
  async get(storeId: string, productId: string, tx?: Transaction) {
    const query = (tx ?? this.db)
      .select()
      .from(courseDetails)
      .where(and(eq(courseDetails.storeId, storeId), eq(courseDetails.productId, productId)));
    const [row] = tx ? await query.for('update') : await query;
    return row ?? null;
  }

  async save(tx: Transaction, storeId: string, productId: string, values: CourseDetailsValues) {
    await tx
      .insert(courseDetails)
      .values({ storeId, productId, ...values })
      .onConflictDoUpdate({ target: courseDetails.productId, set: values });
  }
}
