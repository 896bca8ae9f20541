import { eq } from 'drizzle-orm';
import type { UnsentShopNotices } from '@shop/contracts';
import { shopNotices } from '@shop/db';
import type { SignedInUser } from '../../plugins/auth.ts';
import type { AuditService } from '../audit/audit-service.ts';
import type { ShopNoticeOutbox } from './shop-notices.ts';

export interface UnsentShopNoticesDeps {
  outbox: Pick<ShopNoticeOutbox, 'refused' | 'sendRefusedAgain'>;
  audit: Pick<AuditService, 'record'>;
}

/**
 * The shop's view of the notices of its forms' messages that the email server refused (decision
 * 0049): how many and the newest error, on the dashboard beside the refused order emails; and
 * "send again" once the email settings are mended (given-up ones too). The messages themselves
 * are in the inbox whatever happens to their notices.
 */
export class UnsentShopNoticesService {
  constructor(private readonly d: UnsentShopNoticesDeps) {}

  /** The store's notices refused at least once and not sent since. */
  of(storeId: string): Promise<UnsentShopNotices> {
    return this.d.outbox.refused(eq(shopNotices.storeId, storeId));
  }

  /**
   * Makes the store's refused notices due now with a fresh set of attempts (the audit log names
   * who asked) and sends them, waiting at most about 10 s: how many went, how many were still
   * being sent, and what is left unsent.
   */
  async sendAgain(caller: SignedInUser) {
    const { outbox, audit } = this.d;
    const sent = await outbox.sendRefusedAgain(eq(shopNotices.storeId, caller.storeId), (tx, n) =>
      audit.record(
        tx,
        { storeId: caller.storeId, userId: caller.id },
        {
          action: 'shop_notices.send_again',
          entity: 'store',
          entityId: caller.storeId,
          after: { notices: n },
        },
      ),
    );
    return { ...sent, unsent: await this.of(caller.storeId) };
  }
}
