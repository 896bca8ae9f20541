import {
  hasGrievanceContact,
  privacyNoticeContent,
  privacyNoticeVersion,
  type PrivacyNoticeContent,
} from '@shop/domain';
import { NotFound } from '../../lib/errors.ts';
import type { PrivacyNoticeRepository } from './privacy-notice-repository.ts';

/** A store's privacy notice as it stands: its version and all it says. */
export interface CurrentPrivacyNotice {
  storeId: string;
  /** `privacyNoticeVersion(content)`, e.g. `1.3f9a0c2e`: what a consent records. */
  version: string;
  content: PrivacyNoticeContent;
}

/** The versions already kept by this process, per store (a keep is idempotent anyway). */
const KEPT_LIMIT = 1000;

/**
 * The privacy notice of each store (issue 61 item 1): its content from the template and the
 * store's name and grievance contact, its version from that content, and a snapshot of each
 * version kept the first time it is served, so what a version said can be shown later.
 * `current(storeId)` is what the consents record with each consent.
 */
export class PrivacyNoticeService {
  private readonly kept = new Set<string>();

  constructor(private readonly repo: PrivacyNoticeRepository) {}

  /** The store's notice as it stands now (404: no such store); its version's snapshot is kept. */
  async current(storeId: string): Promise<CurrentPrivacyNotice> {
    const source = await this.repo.source(storeId);
    if (!source) throw new NotFound('This store does not exist.', 'store_id');
    const g = source.grievanceOfficer;
    const content = privacyNoticeContent({
      shopName: source.shopName,
      grievanceOfficer: hasGrievanceContact(g) ? g : null,
    });
    const version = privacyNoticeVersion(content);
    const key = `${storeId}\u0000${version}`;
    if (!this.kept.has(key)) {
      await this.repo.keep(storeId, version, content);
      if (this.kept.size >= KEPT_LIMIT) this.kept.clear();
      this.kept.add(key);
    }
    return { storeId, version, content };
  }

  /** What a version of the store's notice said, and when it was first shown (null: never shown). */
  async version(
    storeId: string,
    version: string,
  ): Promise<{ content: PrivacyNoticeContent; firstSeenAt: Date } | null> {
    return this.repo.snapshot(storeId, version);
  }
}
