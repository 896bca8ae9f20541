import type {
  AdminCategory,
  AdminMarquee,
  AdminNewArrival,
  AdminOffer,
  AdminSlider,
  CategoryCreate,
  CategoryPatch,
  MarqueeCreate,
  MarqueePatch,
  NewArrivalCreate,
  NewArrivalPatch,
  OfferCreate,
  OfferPatch,
  SliderCreate,
  SliderPatch,
  ContentEntity,
} from '@shop/contracts';
import { paiseToRupees, rupeesToPaise } from '@shop/domain';
import type { ContentKind, InsertOf, RowOf } from './admin-content-repository.ts';

/**
 * The admin's ordered content lists as rows and as the API's bodies and answers: the columns a
 * create or patch writes, and the answer of each stored row.
 */

/** What each kind is called in messages and in the audit log. */
export const NAMES: Record<ContentKind, { entity: ContentEntity; one: string }> = {
  categories: { entity: 'category', one: 'category' },
  'new-arrivals': { entity: 'new_arrival_group', one: 'new-arrival group' },
  sliders: { entity: 'slider', one: 'slider' },
  offers: { entity: 'offer', one: 'offer' },
  marquees: { entity: 'marquee', one: 'marquee text' },
};

export interface DtoOf {
  categories: AdminCategory;
  'new-arrivals': AdminNewArrival;
  sliders: AdminSlider;
  offers: AdminOffer;
  marquees: AdminMarquee;
}
export interface CreateOf {
  categories: CategoryCreate;
  'new-arrivals': NewArrivalCreate;
  sliders: SliderCreate;
  offers: OfferCreate;
  marquees: MarqueeCreate;
}
export interface PatchOf {
  categories: CategoryPatch;
  'new-arrivals': NewArrivalPatch;
  sliders: SliderPatch;
  offers: OfferPatch;
  marquees: MarqueePatch;
}

/** A product of a new-arrival group, with the title and sku the admin shows. */
export interface GroupProduct {
  groupId: string;
  productId: string;
  title: string;
  sku: string;
}

/** The entries of `fields` that say something (undefined ones left out). */
export const defined = <T extends object>(fields: T): Partial<T> =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<T>;

/** The columns a create or patch body writes (undefined where the body says nothing). */
export function columnsOf<K extends ContentKind>(kind: K, b: PatchOf[K]): Partial<InsertOf<K>> {
  switch (kind) {
    case 'categories': {
      const c = b as CategoryPatch;
      return defined({
        name: c.name,
        category: c.category,
        icon: c.icon,
        status: c.status,
      }) as Partial<InsertOf<K>>;
    }
    case 'new-arrivals': {
      const g = b as NewArrivalPatch;
      return defined({ categoryName: g.name, description: g.description }) as Partial<InsertOf<K>>;
    }
    case 'sliders': {
      const s = b as SliderPatch;
      return defined({
        sliderName: s.slider_name,
        offerName: s.offer_name,
        description: s.description,
        image: s.image,
        backgroundImage: s.background_image,
        pricePaise: s.price === undefined ? undefined : rupeesToPaise(s.price),
        cutOffPricePaise: s.cutOffPrice === undefined ? undefined : rupeesToPaise(s.cutOffPrice),
        productId: s.product_id,
      }) as Partial<InsertOf<K>>;
    }
    case 'offers': {
      const o = b as OfferPatch;
      return defined({
        title: o.title,
        description: o.description,
        image: o.image,
        link: o.link,
      }) as Partial<InsertOf<K>>;
    }
    default: {
      const m = b as MarqueePatch;
      return defined({ heading: m.heading }) as Partial<InsertOf<K>>;
    }
  }
}

/** The answers of stored rows; a new-arrival group's products come from `links`. */
export function toDtos<K extends ContentKind>(
  kind: K,
  rows: RowOf<K>[],
  links: readonly GroupProduct[],
): DtoOf[K][] {
  switch (kind) {
    case 'categories':
      return (rows as RowOf<'categories'>[]).map((c) => ({
        id: c.id,
        name: c.name,
        category: c.category,
        icon: c.icon,
        status: c.status,
        position: c.position,
      })) as DtoOf[K][];
    case 'new-arrivals':
      return (rows as RowOf<'new-arrivals'>[]).map((g) => ({
        id: g.id,
        name: g.categoryName,
        description: g.description,
        position: g.position,
        products: links
          .filter((l) => l.groupId === g.id)
          .map((l) => ({ product_id: l.productId, title: l.title, sku: l.sku })),
      })) as DtoOf[K][];
    case 'sliders':
      return (rows as RowOf<'sliders'>[]).map((s) => ({
        id: s.id,
        slider_name: s.sliderName,
        offer_name: s.offerName,
        description: s.description,
        image: s.image,
        background_image: s.backgroundImage,
        price: paiseToRupees(s.pricePaise),
        cutOffPrice: paiseToRupees(s.cutOffPricePaise),
        product_id: s.productId,
        position: s.position,
      })) as DtoOf[K][];
    case 'offers':
      return (rows as RowOf<'offers'>[]).map((o) => ({
        id: o.id,
        title: o.title,
        description: o.description,
        image: o.image,
        link: o.link,
        position: o.position,
      })) as DtoOf[K][];
    default:
      return (rows as RowOf<'marquees'>[]).map((m) => ({
        id: m.id,
        heading: m.heading,
        position: m.position,
      })) as DtoOf[K][];
  }
}
