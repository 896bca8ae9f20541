import { and, asc, count, eq, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  orderEmails,
  orders,
  orderTimeline,
  orderUtrs,
  type Database,
  type Transaction,
} from '@shop/db';
import type { OrderStatus, PaymentStatus } from '@shop/domain';
import type { ErasedRows } from '../../lib/personal-rows.ts';

/** What decides whether one of an account's orders is finished with, and its number. */
export interface OrderErasureFacts {
  id: string;
  storeId: string;
  orderNumber: number;
  orderStatus: OrderStatus;
  paymentStatus: PaymentStatus;
  remainingAmountPaise: number;
  collected: boolean;
}

/** The order's billing or shipping address snapshot. */
type AddressColumn = typeof orders.billingAddress | typeof orders.shippingAddress;

/** An address snapshot with nothing left in it (the row's address id aside). */
const BLANK_ADDRESS = {
  location_user: '',
  new_address: '',
  city: '',
  area: '',
  pincode: '',
  latitude: null,
  longitude: null,
  user_name: '',
};
/** The snapshot's address id kept, everything else blank. */
const blankAddress = (column: AddressColumn) =>
  sql`${JSON.stringify(BLANK_ADDRESS)}::jsonb || jsonb_build_object('id', ${column}->'id')`;
/** The snapshot kept as the invoice prints it, its map position dropped. */
const withoutPosition = (column: AddressColumn) =>
  sql`${column} || '{"latitude":null,"longitude":null}'::jsonb`;
const hasPosition = (column: AddressColumn) =>
  or(sql`${column}->>'latitude' IS NOT NULL`, sql`${column}->>'longitude' IS NOT NULL`) as SQL;
const hasAddress = (column: AddressColumn) =>
  sql`(${column} - 'id') <> ${JSON.stringify(BLANK_ADDRESS)}::jsonb`;

/**
 * A shopper's erasure of their orders (issue 61 item 3; DPDP Act 2023 s.12(3) against CGST Act
 * s.36): every update is conditional on something being left to blank, so a second run changes
 * nothing and counts nothing as anonymised or erased.
 */
export class OrdersErasureRepository {
  constructor(private readonly db: Database) {}

  /** The account's orders in its store, with what decides whether each is finished with. */
  factsOf(storeId: string, userId: string): Promise<OrderErasureFacts[]> {
    return this.db
      .select({
        id: orders.id,
        storeId: orders.storeId,
        orderNumber: orders.orderNumber,
        orderStatus: sql<OrderStatus>`${orders.orderStatus}`,
        paymentStatus: sql<PaymentStatus>`${orders.paymentStatus}`,
        remainingAmountPaise: orders.remainingAmountPaise,
        collected: sql<boolean>`${orders.collectedAt} IS NOT NULL`,
      })
      .from(orders)
      .where(and(eq(orders.storeId, storeId), eq(orders.userId, userId)))
      .orderBy(asc(orders.orderNumber));
  }

  /**
   * In one transaction: the account's orders blanked, every personal column on those no tax
   * document holds, all but what the invoice prints on those one does (payment references kept
   * on both); the notes of their timelines blanked (rows kept); the emails still owed about them
   * deleted; their UTRs kept. Held rows are counted as kept on every run.
   */
  erase(storeId: string, userId: string, held: ReadonlySet<string>): Promise<ErasedRows[]> {
    return this.db.transaction(async (tx) => {
      const mine = and(eq(orders.storeId, storeId), eq(orders.userId, userId))!;
      const ids = (await tx.select({ id: orders.id }).from(orders).where(mine)).map((r) => r.id);
      const heldIds = ids.filter((id) => held.has(id));
      const freeIds = ids.filter((id) => !held.has(id));
      const anonymised =
        freeIds.length === 0
          ? []
          : await tx
              .update(orders)
              .set({
                userName: '',
                userGstNo: '',
                mobile: '',
                customerNote: '',
                shippingState: '',
                distanceKm: null,
                billingAddress: blankAddress(orders.billingAddress),
                shippingAddress: blankAddress(orders.shippingAddress),
              })
              .where(
                and(
                  inArray(orders.id, freeIds),
                  or(
                    ne(orders.userName, ''),
                    ne(orders.userGstNo, ''),
                    ne(orders.mobile, ''),
                    ne(orders.customerNote, ''),
                    ne(orders.shippingState, ''),
                    isNotNull(orders.distanceKm),
                    hasAddress(orders.billingAddress),
                    hasAddress(orders.shippingAddress),
                  ),
                ),
              )
              .returning({ id: orders.id });
      if (heldIds.length > 0) {
        await tx
          .update(orders)
          .set({
            mobile: '',
            customerNote: '',
            distanceKm: null,
            billingAddress: withoutPosition(orders.billingAddress),
            shippingAddress: withoutPosition(orders.shippingAddress),
          })
          .where(
            and(
              inArray(orders.id, heldIds),
              or(
                ne(orders.mobile, ''),
                ne(orders.customerNote, ''),
                isNotNull(orders.distanceKm),
                hasPosition(orders.billingAddress),
                hasPosition(orders.shippingAddress),
              ),
            ),
          );
      }
      const timeline = await this.eraseTimelines(tx, freeIds, heldIds);
      const emails =
        ids.length === 0
          ? []
          : await tx
              .delete(orderEmails)
              .where(inArray(orderEmails.orderId, ids))
              .returning({ id: orderEmails.id });
      const [utrs] =
        ids.length === 0
          ? [{ n: 0 }]
          : await tx.select({ n: count() }).from(orderUtrs).where(inArray(orderUtrs.orderId, ids));
      return [
        { table: 'orders', erased: 0, anonymised: anonymised.length, kept: heldIds.length },
        timeline,
        { table: 'order_emails', erased: emails.length, anonymised: 0, kept: 0 },
        { table: 'order_utrs', erased: 0, anonymised: 0, kept: utrs!.n },
      ];
    });
  }

  /** The timelines' notes blanked: rows of orders no document holds counted when blanked now. */
  private async eraseTimelines(
    tx: Transaction,
    freeIds: readonly string[],
    heldIds: readonly string[],
  ): Promise<ErasedRows> {
    const ids = [...freeIds, ...heldIds];
    const blanked =
      ids.length === 0
        ? []
        : await tx
            .update(orderTimeline)
            .set({ note: '' })
            .where(and(inArray(orderTimeline.orderId, ids), ne(orderTimeline.note, '')))
            .returning({ orderId: orderTimeline.orderId });
    const [kept] =
      heldIds.length === 0
        ? [{ n: 0 }]
        : await tx
            .select({ n: count() })
            .from(orderTimeline)
            .where(inArray(orderTimeline.orderId, [...heldIds]));
    const heldSet = new Set(heldIds);
    return {
      table: 'order_timeline',
      erased: 0,
      anonymised: blanked.filter((r) => !heldSet.has(r.orderId)).length,
      kept: kept!.n,
    };
  }
}
