import type { StoreSettingsService } from './modules/store-settings/store-settings-service.ts';

/**
 * The owner's way back in from the server's shell (`npm run admin:create -- --store ID
 * --second-factor off`): turns the staff sign-in code off for the store, audited as the
 * settings change with no user (the shell). Needs no code and no session: whoever can run
 * commands on the server already holds the shop. 'was-off' when it was off, or the store has
 * no settings yet (nothing to turn off); an unknown store is refused (NotFound).
 */
export async function turnSecondFactorOff(
  settings: Pick<StoreSettingsService, 'profile' | 'security' | 'updateSecurity'>,
  storeId: string,
): Promise<'turned-off' | 'was-off'> {
  await settings.profile(storeId); // 404 'This store does not exist.' for a mistyped id
  const now = await settings.security(storeId);
  if (!now.staff_second_factor) return 'was-off';
  await settings.updateSecurity({ storeId, userId: null }, { staff_second_factor: false });
  return 'turned-off';
}
