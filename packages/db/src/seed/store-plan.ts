/** The compact, hand-written shape of a demo store, which `demo-data.ts` expands into rows. */
import type { ArtworkKind } from './artwork.ts';

export const MAIN_STORE_ID = 'urbanroll';
export const QUOTE_STORE_ID = 'threadline';

export type Status = 'Active' | 'Inactive';
export type MerchTag = 'Best Sellers' | 'Trending';

export interface Colour {
  name: string;
  /** Short code used in variation skus, e.g. "BLK". */
  code: string;
  hex: string;
}

export interface VariantPlan {
  sizes: string[];
  colours: Colour[];
  /** Rupees added to the price (and sale price) of these sizes. */
  plus?: { sizes: string[]; rupees: number };
  /** Stock of each variation (sizes within colours, in order), cycled. */
  stocks: number[];
}

export interface ProductPlan {
  sku: string;
  title: string;
  category: string;
  kind: ArtworkKind;
  color: string;
  accent?: string;
  /** Rupees. For Variable products, the price of the base sizes. */
  price: number;
  sale?: number;
  /** Simple and Grouped products; Variable products sum their variations. */
  stock?: number;
  sold: number;
  daysAgo: number;
  tags?: MerchTag[];
  inactive?: boolean;
  short: string;
  description: string;
  /** Product-specific features, completed from the category's. */
  features: string[];
  specs: [string, string][];
  variants?: VariantPlan;
  /** Member skus of a Grouped product. */
  grouped?: string[];
}

export interface CategoryPlan {
  category: string;
  name: string;
  kind: ArtworkKind;
  color: string;
  status?: Status;
  /** Range of delivery_days of its products. */
  delivery: [number, number];
  features: string[];
  specs: [string, string][];
}

export interface SliderPlan {
  offerName: string;
  sliderName: string;
  description: string;
  productSku: string;
  kind: ArtworkKind;
  color: string;
  accent?: string;
}

export interface OfferPlan {
  title: string;
  description: string;
  link: string | null;
  kind: ArtworkKind;
  color: string;
  accent?: string;
}

/** pincode, latitude, longitude, status (Active when absent). */
export type PincodePlan = readonly [string, number, number, Status?];

export interface StorePlan {
  id: string;
  name: string;
  email: string;
  phone: string;
  whatsappNumber: string;
  categories: CategoryPlan[];
  products: ProductPlan[];
  newArrivals: { categoryName: string; description: string; productSkus: string[] }[];
  offers: OfferPlan[];
  sliders: SliderPlan[];
  marquees: string[];
  cartButtons: { buttonId: string; isDefault: boolean }[];
  payButtons: { buttonId: string; label: string; isDefault: boolean }[];
  meta: {
    title: string;
    description: string;
    keywords: string;
    author: string;
    iconKind: ArtworkKind;
    iconColor: string;
  };
  pincodes: readonly PincodePlan[];
  reviewers: string[];
  /** Review texts by category key, with `default` for the rest. */
  reviews: Record<string, { comment: string; rating: number }[]>;
}
