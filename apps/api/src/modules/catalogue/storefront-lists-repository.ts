import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  cartButtons,
  categories,
  marquees,
  newArrivalGroups,
  newArrivalProducts,
  offers,
  pageMeta,
  payButtons,
  pincodes,
  products,
  sliders,
  stores,
  type Database,
} from '@shop/db';
import { ACTIVE, categoryIsActive } from './catalogue-rows.ts';

/**
 * The store's own lists the storefront shows: new arrivals, offers, categories, sliders,
 * marquee texts, cart and pay buttons, the page meta and the pincodes it delivers to.
 */
export class StorefrontListsRepository {
  constructor(private readonly db: Database) {}

  async newArrivalGroups(storeId: string) {
    return this.db
      .select()
      .from(newArrivalGroups)
      .where(eq(newArrivalGroups.storeId, storeId))
      .orderBy(asc(newArrivalGroups.position));
  }

  /** The active products of the given groups, in each group's order. */
  async newArrivalProducts(groupIds: string[]) {
    if (groupIds.length === 0) return [];
    return this.db
      .select({ groupId: newArrivalProducts.groupId, product: products })
      .from(newArrivalProducts)
      .innerJoin(products, eq(products.id, newArrivalProducts.productId))
      .where(
        and(
          inArray(newArrivalProducts.groupId, groupIds),
          eq(products.status, ACTIVE),
          categoryIsActive(),
        ),
      )
      .orderBy(asc(newArrivalProducts.position));
  }

  async offers(storeId: string) {
    return this.db
      .select()
      .from(offers)
      .where(eq(offers.storeId, storeId))
      .orderBy(asc(offers.position));
  }

  async activeCategories(storeId: string) {
    return this.db
      .select()
      .from(categories)
      .where(and(eq(categories.storeId, storeId), eq(categories.status, ACTIVE)))
      .orderBy(asc(categories.position), asc(categories.name));
  }

  /** Every category of the store, shown or not: the names a product may be filed under. */
  async allCategoryNames(storeId: string) {
    return this.db
      .select({ category: categories.category, name: categories.name })
      .from(categories)
      .where(eq(categories.storeId, storeId));
  }

  async sliders(storeId: string) {
    return this.db
      .select({
        slider: sliders,
        productTitle: products.title,
        productStatus: products.status,
      })
      .from(sliders)
      .leftJoin(products, eq(products.id, sliders.productId))
      .where(eq(sliders.storeId, storeId))
      .orderBy(asc(sliders.position));
  }

  async marquees(storeId: string) {
    return this.db
      .select()
      .from(marquees)
      .where(eq(marquees.storeId, storeId))
      .orderBy(asc(marquees.position));
  }

  async cartButtons(storeId: string) {
    return this.db
      .select()
      .from(cartButtons)
      .where(eq(cartButtons.storeId, storeId))
      .orderBy(asc(cartButtons.buttonId));
  }

  async payButtons(storeId: string) {
    return this.db
      .select()
      .from(payButtons)
      .where(eq(payButtons.storeId, storeId))
      .orderBy(asc(payButtons.buttonId));
  }

  async pageMeta(storeId: string) {
    const [row] = await this.db
      .select({ meta: pageMeta, storeName: stores.name, logo: stores.logoUrl })
      .from(stores)
      .leftJoin(pageMeta, eq(pageMeta.storeId, stores.id))
      .where(eq(stores.id, storeId));
    return row;
  }

  async activePincodes(storeId: string) {
    return this.db
      .select({ pincode: pincodes.pincode, status: pincodes.status })
      .from(pincodes)
      .where(and(eq(pincodes.storeId, storeId), eq(pincodes.status, ACTIVE)))
      .orderBy(asc(pincodes.pincode));
  }
}
