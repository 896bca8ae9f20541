import type {
  AdminPincode,
  AdminPincodeListQuery,
  BandCheckDto,
  DeliveryBandDto,
  DeliveryBandsPut,
  FreeBandDto,
  FreeBandsPut,
  PincodeBulk,
  AuditAction,
} from '@shop/contracts';
import { checkBands, paiseToRupees, parsePincodeList, rupeesToPaise } from '@shop/domain';
import type { Transaction } from '@shop/db';
import { NotFound } from '../../lib/errors.ts';
import type { AuditActor, AuditService } from '../audit/audit-service.ts';
import type { BandRow, DeliveryRepository, FreeBandRow } from './delivery-repository.ts';

export const NO_SUCH_PINCODE = 'This pincode is not in your list.';
const status = (s: string): 'Active' | 'Inactive' => (s === 'Inactive' ? 'Inactive' : 'Active');

const toBand = (r: BandRow): DeliveryBandDto => ({
  id: r.id,
  min_kilometer: r.minKilometer,
  max_kilometer: r.maxKilometer,
  delivery_price: paiseToRupees(r.deliveryPricePaise),
  status: status(r.status),
});
const toFreeBand = (r: FreeBandRow): FreeBandDto => ({
  id: r.id,
  min_kilometer: r.minKilometer,
  max_kilometer: r.maxKilometer,
  freedelivery_price: paiseToRupees(r.freeDeliveryPricePaise),
  status: status(r.status),
});

/** The overlaps and gaps of the bands that count (the active ones), indexes in the full list. */
function check(
  rows: { minKilometer: number; maxKilometer: number | null; status: string }[],
): BandCheckDto {
  const active = rows.flatMap((r, i) =>
    r.status === 'Active' ? [{ i, minKm: r.minKilometer, maxKm: r.maxKilometer }] : [],
  );
  const found = checkBands(active);
  return {
    ...found,
    overlaps: found.overlaps.map((o) => ({
      ...o,
      first: active[o.first]!.i,
      second: active[o.second]!.i,
    })),
  };
}

/**
 * Delivery in the admin (owner only): the paid bands and the free-delivery
 * bands, each replaced as a whole set in one transaction (overlaps and gaps are flagged, not
 * refused: a gap may be deliberate, and checkout reads an overlap stably), and the store's
 * pincodes. Every write is audited in its transaction.
 */
export class DeliveryService {
  constructor(
    private readonly repo: DeliveryRepository,
    private readonly audit: AuditService,
  ) {}

  async bands(storeId: string) {
    const rows = await this.repo.bands(storeId);
    return { bands: rows.map(toBand), check: check(rows) };
  }

  async freeBands(storeId: string) {
    const rows = await this.repo.freeBands(storeId);
    return { bands: rows.map(toFreeBand), check: check(rows) };
  }

  replaceBands(actor: AuditActor, body: DeliveryBandsPut) {
    return this.repo.transaction(async (tx) => {
      const before = (await this.repo.bands(actor.storeId, tx)).map(toBand);
      await this.repo.replaceBands(
        tx,
        actor.storeId,
        body.bands.map((b, position) => ({
          minKilometer: b.min_kilometer,
          maxKilometer: b.max_kilometer,
          deliveryPricePaise: rupeesToPaise(b.delivery_price),
          status: b.status,
          position,
        })),
      );
      const rows = await this.repo.bands(actor.storeId, tx);
      await this.record(
        tx,
        actor,
        'delivery.bands.replace',
        'delivery_bands',
        before,
        rows.map(toBand),
      );
      return { bands: rows.map(toBand), check: check(rows) };
    });
  }

  replaceFreeBands(actor: AuditActor, body: FreeBandsPut) {
    return this.repo.transaction(async (tx) => {
      const before = (await this.repo.freeBands(actor.storeId, tx)).map(toFreeBand);
      await this.repo.replaceFreeBands(
        tx,
        actor.storeId,
        body.bands.map((b) => ({
          minKilometer: b.min_kilometer,
          maxKilometer: b.max_kilometer,
          freeDeliveryPricePaise: rupeesToPaise(b.freedelivery_price),
          status: b.status,
        })),
      );
      const rows = await this.repo.freeBands(actor.storeId, tx);
      const after = rows.map(toFreeBand);
      await this.record(
        tx,
        actor,
        'delivery.free_bands.replace',
        'free_delivery_bands',
        before,
        after,
      );
      return { bands: after, check: check(rows) };
    });
  }

  async pincodes(storeId: string, q: AdminPincodeListQuery) {
    const { rows, total, active } = await this.repo.pincodes(storeId, q);
    return {
      rows: rows.map((r) => ({ pincode: r.pincode, status: status(r.status) })),
      total,
      active,
    };
  }

  /**
   * Adds the pincodes of pasted text or a CSV (those already listed get `status`). Lines that
   * are not pincodes are reported and skipped; the good ones are written together or not at all.
   */
  bulkAdd(actor: AuditActor, body: PincodeBulk) {
    const { pincodes, errors } = parsePincodeList(body.text);
    return this.repo.transaction(async (tx) => {
      const existing = await this.repo.existingPincodes(tx, actor.storeId, pincodes);
      if (pincodes.length > 0) {
        await this.repo.upsertPincodes(tx, actor.storeId, pincodes, body.status);
        const known = new Set(existing);
        await this.audit.record(tx, actor, {
          action: 'pincode.bulk_add',
          entity: 'pincodes',
          entityId: actor.storeId,
          before: { existing: existing.length },
          after: {
            status: body.status,
            added: pincodes.filter((p) => !known.has(p)),
            updated: existing,
          },
        });
      }
      return { added: pincodes.length - existing.length, existing: existing.length, errors };
    });
  }

  setPincodeStatus(
    actor: AuditActor,
    pin: string,
    next: 'Active' | 'Inactive',
  ): Promise<AdminPincode> {
    return this.repo.transaction(async (tx) => {
      const before = await this.mustFindPincode(tx, actor.storeId, pin);
      await this.repo.setPincodeStatus(tx, actor.storeId, pin, next);
      const after = { pincode: pin, status: next };
      await this.audit.record(tx, actor, {
        action: 'pincode.update',
        entity: 'pincode',
        entityId: pin,
        before,
        after,
      });
      return after;
    });
  }

  removePincode(actor: AuditActor, pin: string): Promise<void> {
    return this.repo.transaction(async (tx) => {
      const before = await this.mustFindPincode(tx, actor.storeId, pin);
      await this.repo.deletePincode(tx, actor.storeId, pin);
      await this.audit.record(tx, actor, {
        action: 'pincode.delete',
        entity: 'pincode',
        entityId: pin,
        before,
        after: null,
      });
    });
  }

  private async mustFindPincode(tx: Transaction, storeId: string, pin: string) {
    const row = await this.repo.findPincode(tx, storeId, pin);
    if (!row) throw new NotFound(NO_SUCH_PINCODE, 'pincode');
    return row;
  }

  private record(
    tx: Transaction,
    actor: AuditActor,
    action: AuditAction,
    entity: string,
    before: unknown,
    after: unknown,
  ) {
    return this.audit.record(tx, actor, { action, entity, entityId: actor.storeId, before, after });
  }
}
