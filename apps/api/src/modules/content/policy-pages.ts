import {
  DEFAULT_RETURN_DAYS,
  policyPageTemplates,
  rupeesToPaise,
  type PolicyFacts,
} from '@shop/domain';
import type { AuditActor } from '../audit/audit-service.ts';
import type { DeliveryService } from '../delivery/delivery-service.ts';
import type { StoreSettingsService } from '../store-settings/store-settings-service.ts';
import type { AdminPagesService } from './admin-pages-service.ts';

/** Where the policy templates' facts come from: the settings and delivery modules' services. */
export interface PolicySources {
  settings: Pick<StoreSettingsService, 'profile' | 'saleSetup'>;
  delivery: Pick<DeliveryService, 'bands' | 'freeBands'>;
}

/** What the templates say about the store, read from its saved settings and delivery bands. */
export async function policyFactsOf(sources: PolicySources, storeId: string): Promise<PolicyFacts> {
  const [profile, setup, bands, freeBands] = await Promise.all([
    sources.settings.profile(storeId),
    sources.settings.saleSetup(storeId),
    sources.delivery.bands(storeId),
    sources.delivery.freeBands(storeId),
  ]);
  const active = bands.bands.filter((b) => b.status === 'Active');
  const free = freeBands.bands.filter((b) => b.status === 'Active');
  return {
    name: profile.name,
    legalName: profile.legal_name,
    address: profile.office_address,
    pincode: profile.office_pincode,
    state: profile.state,
    email: profile.email,
    phone: profile.phone,
    gstin: profile.gstin,
    grievanceOfficer: {
      name: profile.grievance_officer_name,
      email: profile.grievance_officer_email,
      phone: profile.grievance_officer_phone,
    },
    payModes: setup.payModesOn,
    advancePercent: setup.advancePercent,
    delivery: {
      delivers: active.length > 0,
      maxKilometres: active.some((b) => b.max_kilometer === null)
        ? null
        : Math.max(0, ...active.map((b) => b.max_kilometer ?? 0)),
      freeFromPaise:
        free.length > 0 ? Math.min(...free.map((b) => rupeesToPaise(b.freedelivery_price))) : null,
    },
    returnDays: DEFAULT_RETURN_DAYS,
  };
}

/**
 * "Create policy pages" (issue 57 item 5): the privacy, refund, terms and shipping pages the
 * store lacks, written from the templates with its settings; existing pages are kept untouched.
 * Each page made is audited as a page create, and is edited afterwards like any other.
 */
export async function createPolicyPages(
  deps: PolicySources & { pages: Pick<AdminPagesService, 'createMissing'> },
  actor: AuditActor,
) {
  const facts = await policyFactsOf(deps, actor.storeId);
  return deps.pages.createMissing(actor, policyPageTemplates(facts));
}
