import { and, eq } from 'drizzle-orm';
import { privacyNoticeVersions, type Database } from '@shop/db';
import type { PrivacyNoticeContent } from '@shop/domain';
import { storeContactOf, storeSettingsOf } from '../store-settings/index.ts';

/** What a store's notice is made of: its name and grievance contact (null: no such store). */
export interface NoticeSource {
  shopName: string;
  grievanceOfficer: { name: string; email: string; phone: string };
}

/** The only code that reads and writes `privacy_notice_versions`. */
export class PrivacyNoticeRepository {
  constructor(private readonly db: Database) {}

  /** The store's name and grievance contact as the owner set them (null: no such store). */
  async source(storeId: string): Promise<NoticeSource | null> {
    const [store, settings] = await Promise.all([
      storeContactOf(this.db, storeId),
      storeSettingsOf(this.db, storeId),
    ]);
    if (!store) return null;
    return {
      shopName: store.name,
      grievanceOfficer: {
        name: settings?.grievanceOfficerName ?? '',
        email: settings?.grievanceOfficerEmail ?? '',
        phone: settings?.grievanceOfficerPhone ?? '',
      },
    };
  }

  /** Keeps a version's content the first time it is seen (a version seen before is left as it is). */
  async keep(storeId: string, version: string, content: PrivacyNoticeContent): Promise<void> {
    await this.db
      .insert(privacyNoticeVersions)
      .values({ storeId, version, content })
      .onConflictDoNothing();
  }

  /** What a version of the store's notice said, and when it was first shown (null: never). */
  async snapshot(
    storeId: string,
    version: string,
  ): Promise<{ content: PrivacyNoticeContent; firstSeenAt: Date } | null> {
    const [row] = await this.db
      .select({
        content: privacyNoticeVersions.content,
        firstSeenAt: privacyNoticeVersions.firstSeenAt,
      })
      .from(privacyNoticeVersions)
      .where(
        and(eq(privacyNoticeVersions.storeId, storeId), eq(privacyNoticeVersions.version, version)),
      );
    return row ?? null;
  }
}
