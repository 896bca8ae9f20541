import { asc, eq } from 'drizzle-orm';
import { consents, type Database } from '@shop/db';
import type { PersonalRows } from '../../lib/personal-rows.ts';

/** The privacy module's own rows of a person (their consents, given and withdrawn), for the export. */
export class ExportRepository {
  constructor(private readonly db: Database) {}

  async personalRowsOf(userId: string): Promise<PersonalRows[]> {
    const rows = await this.db
      .select()
      .from(consents)
      .where(eq(consents.userId, userId))
      .orderBy(asc(consents.givenAt), asc(consents.id));
    return [{ table: consents, rows }];
  }
}
