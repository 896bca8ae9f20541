import type { SecuritySettings, SecuritySettingsPatch } from '@shop/contracts';
import { NotFound } from '../../lib/errors.ts';
import type { AuditActor, AuditService } from '../audit/audit-service.ts';
import type { StoreSettingsRepository } from './store-settings-repository.ts';

const NO_SETTINGS = 'This store has no settings yet; it cannot take orders until they are set up.';

const toSecurity = (row: { staffSecondFactor: boolean }): SecuritySettings => ({
  staff_second_factor: row.staffSecondFactor,
});

/**
 * The store's settings in the admin (issue 15 item 5, owner only; the route checks the role).
 * This session: the sign-in security settings; the profile, buttons and payment keys come next.
 */
export class StoreSettingsService {
  constructor(
    private readonly repo: StoreSettingsRepository,
    private readonly audit: AuditService,
  ) {}

  async security(storeId: string): Promise<SecuritySettings> {
    const row = await this.repo.security(storeId);
    if (!row) throw new NotFound(NO_SETTINGS);
    return toSecurity(row);
  }

  /** Changes them in one transaction with its audit entry (before and after). */
  updateSecurity(actor: AuditActor, patch: SecuritySettingsPatch): Promise<SecuritySettings> {
    return this.repo.transaction(async (tx) => {
      const row = await this.repo.security(actor.storeId, tx);
      if (!row) throw new NotFound(NO_SETTINGS);
      const before = toSecurity(row);
      await this.repo.setSecurity(tx, actor.storeId, {
        staffSecondFactor: patch.staff_second_factor,
      });
      const after: SecuritySettings = { ...before, ...patch };
      await this.audit.record(tx, actor, {
        action: 'settings.security',
        entity: 'store_settings',
        entityId: actor.storeId,
        before,
        after,
      });
      return after;
    });
  }
}
