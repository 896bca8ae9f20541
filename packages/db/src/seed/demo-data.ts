/**
 * The two demo shops as plain data: pure builders, no database and no files. Money is integer
 * paise; image URLs point at the artwork `seed-demo.ts` writes under the uploads directory.
 */
import { colorLightness, type ArtworkKind, type ArtworkSpec } from './artwork.ts';
import { CHECKOUT_PLANS, GST_BY_KIND, type CheckoutPlan } from './checkout-plan.ts';
import type { ProductPlan, Status, StorePlan } from './store-plan.ts';
import { QUOTE_STORE_PLAN } from './threadline-catalogue.ts';
import { MAIN_STORE_PLAN } from './urbanroll-catalogue.ts';

export { MAIN_STORE_ID, QUOTE_STORE_ID } from './store-plan.ts';
export { MUMBAI_PINCODES } from './urbanroll-catalogue.ts';

export type { Status } from './store-plan.ts';
export type ProductType = 'Simple' | 'Variable Product' | 'Grouped Product';

export interface ProductAttribute {
  name: string;
  slug: string;
  selectedTerms: { id: string; name: string }[];
}

export interface DemoVariation {
  sku: string;
  pricePaise: number;
  salePricePaise: number;
  stock: number;
  imageUrl: string;
  galleryImages: string[];
  attributes: Record<string, string>;
  position: number;
}

export interface DemoReview {
  user: string;
  comment: string;
  rating: number;
  createdAt: Date;
}

export interface DemoProduct {
  sku: string;
  title: string;
  image: string;
  gallery: string[];
  description: string;
  shortDescription: string;
  productType: ProductType;
  status: Status;
  category: string;
  categorytype: string[];
  originalPricePaise: number;
  discountPricePaise: number;
  stock: number;
  totalStock: number;
  totalSold: number;
  keyFeatures: string[];
  specifications: { label: string; value: string }[];
  attribute: ProductAttribute[];
  deliveryDays: number;
  /** HSN/SAC code and GST rule (see checkout-plan.ts GST_BY_KIND). */
  hsnCode: string;
  gstRateBp: number;
  gstThresholdPaise: number | null;
  gstRateAboveBp: number | null;
  position: number;
  createdAt: Date;
  variations: DemoVariation[];
  /** Skus of the member products of a Grouped product, in order. */
  groupedSkus: string[];
  reviews: DemoReview[];
}

export interface DemoCategory {
  category: string;
  name: string;
  icon: string;
  status: Status;
  position: number;
}

export interface DemoNewArrivalGroup {
  categoryName: string;
  description: string;
  productSkus: string[];
}

export interface DemoOffer {
  image: string;
  title: string;
  description: string;
  link: string | null;
}

export interface DemoSlider {
  offerName: string;
  sliderName: string;
  description: string;
  image: string;
  backgroundImage: string;
  pricePaise: number;
  cutOffPricePaise: number;
  productSku: string;
}

export interface DemoPageMeta {
  title: string;
  description: string;
  keywords: string;
  author: string;
  icon: string;
  scripts: string[];
}

export interface DemoPincode {
  pincode: string;
  status: Status;
  latitude: number;
  longitude: number;
}

export interface DemoBand {
  minKilometer: number;
  maxKilometer: number | null;
  deliveryPricePaise: number;
  status: Status;
  position: number;
}

export interface DemoFreeBand {
  minKilometer: number;
  maxKilometer: number | null;
  freeDeliveryPricePaise: number;
  status: Status;
}

export interface DemoCoupon {
  code: string;
  percentageOffer: number | null;
  priceOfferPaise: number | null;
  active: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  minimumSaleTotalPaise: number;
  maxDiscountPaise: number | null;
  totalUsageLimit: number | null;
  perCustomerLimit: number | null;
  uses: number;
}

/** Seller, office, advance and payment-modal details, delivery bands and coupons. */
export interface DemoCheckout {
  settings: {
    gstin: string;
    legalName: string;
    state: string;
    gstStateCode: string;
    officeAddress: string;
    officePincode: string;
    officeLatitude: number;
    officeLongitude: number;
    roadFactor: number;
    notificationEmail: string;
    deliveryPercentage: number;
  };
  gateway: { companyName: string; companyColor: string };
  bands: DemoBand[];
  freeBands: DemoFreeBand[];
  coupons: DemoCoupon[];
}

/** One generated image: its path under the uploads directory (posix) and how to draw it. */
export interface ArtworkFile {
  path: string;
  spec: ArtworkSpec;
}

export interface DemoStore {
  id: string;
  name: string;
  email: string;
  phone: string;
  whatsappNumber: string;
  products: DemoProduct[];
  categories: DemoCategory[];
  newArrivals: DemoNewArrivalGroup[];
  offers: DemoOffer[];
  sliders: DemoSlider[];
  marquees: string[];
  cartButtons: { buttonId: string; isDefault: boolean }[];
  payButtons: { buttonId: string; label: string; isDefault: boolean }[];
  meta: DemoPageMeta;
  pincodes: DemoPincode[];
  checkout: DemoCheckout;
  artwork: ArtworkFile[];
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

const paise = (rupees: number) => Math.round(rupees * 100);

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** "S (EU 29–32)" -> "S", "EU 38" -> "EU38", "4-5Y" -> "45Y". */
const sizeCode = (size: string) => (size.split('(')[0] ?? size).replace(/[^A-Za-z0-9]/g, '');

const REVIEW_COUNTS = [2, 0, 3, 1, 4, 2, 1, 3, 0, 2] as const;

class Builder {
  readonly artwork: ArtworkFile[] = [];
  private readonly paths = new Set<string>();

  constructor(
    readonly storeId: string,
    readonly base: Date,
  ) {}

  /** Registers an artwork file once and returns its public URL. */
  art(path: string, spec: ArtworkSpec): string {
    if (!this.paths.has(path)) {
      this.paths.add(path);
      this.artwork.push({ path: `${this.storeId}/${path}`, spec });
    }
    return `/api/uploads/${this.storeId}/${path}`;
  }

  productArt(file: string, title: string, kind: ArtworkKind, color: string, accent?: string) {
    return this.art(`products/${file}.svg`, {
      type: 'product',
      input: { title, kind, color, accent },
    });
  }
}

function buildProduct(
  b: Builder,
  plan: StorePlan,
  p: ProductPlan,
  index: number,
  categoryStatus: Status,
): DemoProduct {
  const cat = plan.categories.find((c) => c.category === p.category);
  if (!cat) throw new Error(`Unknown category ${p.category} of ${p.sku}`);
  const file = p.sku.toLowerCase();
  const position = index + 1;
  const createdAt = new Date(b.base.getTime() - p.daysAgo * DAY_MS - position * 7 * MINUTE_MS);
  const image = b.productArt(file, p.title, p.kind, p.color, p.accent);

  let productType: ProductType = 'Simple';
  let originalPricePaise = paise(p.price);
  let discountPricePaise = p.sale ? paise(p.sale) : 0;
  let stock = p.stock ?? 0;
  const variations: DemoVariation[] = [];
  const attribute: ProductAttribute[] = [];
  const gallery = [image];

  const v = p.variants;
  if (v) {
    productType = 'Variable Product';
    const colours = v.colours.length > 0 ? v.colours : [{ name: '', code: '', hex: p.color }];
    const colourImages = colours.map((c, ci) =>
      ci === 0 || !c.name
        ? image
        : b.productArt(`${file}-${slug(c.name)}`, p.title, p.kind, c.hex, p.accent),
    );
    gallery.push(...colourImages.slice(1, 3));
    let i = 0;
    colours.forEach((colour, ci) => {
      for (const size of v.sizes) {
        const extra = v.plus?.sizes.includes(size) ? v.plus.rupees : 0;
        const img = colourImages[ci] ?? image;
        variations.push({
          sku: [p.sku, colour.code, sizeCode(size)].filter(Boolean).join('-'),
          pricePaise: paise(p.price + extra),
          salePricePaise: p.sale ? paise(p.sale + extra) : 0,
          stock: v.stocks[i % v.stocks.length] ?? 0,
          imageUrl: img,
          galleryImages: [img],
          attributes: colour.name ? { Size: size, Colour: colour.name } : { Size: size },
          position: i + 1,
        });
        i += 1;
      }
    });
    attribute.push({
      name: 'Size',
      slug: 'size',
      selectedTerms: v.sizes.map((s) => ({ id: `size-${slug(s)}`, name: s })),
    });
    if (colours.some((c) => c.name)) {
      attribute.push({
        name: 'Colour',
        slug: 'colour',
        selectedTerms: colours.map((c) => ({ id: `colour-${slug(c.name)}`, name: c.name })),
      });
    }
    // The card shows the lowest variation price.
    originalPricePaise = Math.min(...variations.map((x) => x.pricePaise));
    const lowest = Math.min(
      ...variations.map((x) => (x.salePricePaise > 0 ? x.salePricePaise : x.pricePaise)),
    );
    discountPricePaise = lowest < originalPricePaise ? lowest : 0;
    stock = variations.reduce((sum, x) => sum + x.stock, 0);
  }
  if (p.grouped) productType = 'Grouped Product';
  if (gallery.length < 2 || (!v && index % 3 === 0)) {
    // A second colourway: accent and colour swapped.
    gallery.push(b.productArt(`${file}-alt`, p.title, p.kind, p.accent ?? '#334155', p.color));
  }
  if (gallery.length < 3 && index % 3 === 1) {
    const other = colorLightness(p.color) < 0.25 ? '#f5f5f4' : '#1f2933';
    gallery.push(b.productArt(`${file}-mono`, p.title, p.kind, other, p.color));
  }

  const [minDays, maxDays] = cat.delivery;
  const deliveryDays = minDays + (index % (maxDays - minDays + 1));

  const pool = plan.reviews[p.category] ?? plan.reviews.default ?? [];
  const reviewCount = pool.length === 0 ? 0 : (REVIEW_COUNTS[index % REVIEW_COUNTS.length] ?? 0);
  const reviews: DemoReview[] = [];
  for (let j = 0; j < reviewCount; j += 1) {
    const entry = pool[(index * 3 + j) % pool.length];
    const user = plan.reviewers[(index * 5 + j * 7) % plan.reviewers.length];
    if (!entry || !user) continue;
    const daysAfter = Math.floor((p.daysAgo * (j + 1)) / (reviewCount + 1));
    reviews.push({
      user,
      comment: entry.comment,
      rating: entry.rating,
      createdAt: new Date(createdAt.getTime() + daysAfter * DAY_MS + (j + 1) * 3 * 3_600_000),
    });
  }

  const gst = GST_BY_KIND[p.kind];
  return {
    sku: p.sku,
    title: p.title,
    image,
    gallery,
    description: p.description,
    shortDescription: p.short,
    productType,
    status: p.inactive || categoryStatus === 'Inactive' ? 'Inactive' : 'Active',
    category: p.category,
    categorytype: p.tags ?? [],
    originalPricePaise,
    discountPricePaise,
    stock,
    totalStock: stock,
    totalSold: p.sold,
    keyFeatures: [...p.features, ...cat.features].slice(0, 6),
    specifications: [...p.specs, ...cat.specs].map(([label, value]) => ({ label, value })),
    attribute,
    deliveryDays,
    hsnCode: gst.hsn,
    gstRateBp: gst.rateBp,
    gstThresholdPaise: gst.aboveRupees === undefined ? null : paise(gst.aboveRupees),
    gstRateAboveBp: gst.rateAboveBp ?? null,
    position,
    createdAt,
    variations,
    groupedSkus: p.grouped ?? [],
    reviews,
  };
}

function buildCheckout(plan: CheckoutPlan, base: Date): DemoCheckout {
  const day = (days: number | undefined) =>
    days === undefined ? null : new Date(base.getTime() + days * DAY_MS);
  return {
    settings: {
      gstin: plan.gstin,
      legalName: plan.legalName,
      state: plan.state,
      gstStateCode: plan.gstStateCode,
      officeAddress: plan.officeAddress,
      officePincode: plan.officePincode,
      officeLatitude: plan.officeLatitude,
      officeLongitude: plan.officeLongitude,
      roadFactor: plan.roadFactor,
      notificationEmail: plan.notificationEmail,
      deliveryPercentage: plan.deliveryPercentage,
    },
    gateway: { companyName: plan.companyName, companyColor: plan.companyColor },
    bands: plan.bands.map((b, i) => ({
      minKilometer: b.minKm,
      maxKilometer: b.maxKm,
      deliveryPricePaise: paise(b.rupees),
      status: b.status ?? 'Active',
      position: i + 1,
    })),
    freeBands: plan.freeBands.map((b) => ({
      minKilometer: b.minKm,
      maxKilometer: b.maxKm,
      freeDeliveryPricePaise: paise(b.fromRupees),
      status: 'Active',
    })),
    coupons: plan.coupons.map((c) => ({
      code: c.code,
      percentageOffer: c.percent ?? null,
      priceOfferPaise: c.rupeesOff === undefined ? null : paise(c.rupeesOff),
      active: c.active ?? true,
      // Coupons without a start began when the shop opened (a year before the seed date).
      startsAt: day(c.startsInDays ?? -365),
      endsAt: day(c.endsInDays),
      minimumSaleTotalPaise: paise(c.minimumRupees ?? 0),
      maxDiscountPaise: c.maxDiscountRupees === undefined ? null : paise(c.maxDiscountRupees),
      totalUsageLimit: c.totalUsageLimit ?? null,
      perCustomerLimit: c.perCustomerLimit ?? null,
      uses: c.uses ?? 0,
    })),
  };
}

/** Builds one store from its plan; `base` is "now" for the createdAt spread. */
export function buildDemoStore(plan: StorePlan, base: Date): DemoStore {
  const b = new Builder(plan.id, base);
  const categories: DemoCategory[] = plan.categories.map((c, i) => ({
    category: c.category,
    name: c.name,
    icon: b.art(`categories/${c.category}.svg`, {
      type: 'category',
      kind: c.kind,
      color: c.color,
    }),
    status: c.status ?? 'Active',
    position: i + 1,
  }));
  const statusOf = new Map(categories.map((c) => [c.category, c.status]));
  const products = plan.products.map((p, i) =>
    buildProduct(b, plan, p, i, statusOf.get(p.category) ?? 'Active'),
  );
  const bySku = new Map(products.map((p) => [p.sku, p]));
  const need = (sku: string) => {
    const product = bySku.get(sku);
    if (!product) throw new Error(`${plan.id}: unknown product ${sku}`);
    return product;
  };

  const sliders: DemoSlider[] = plan.sliders.map((s, i) => {
    const product = need(s.productSku);
    const banner = { kind: s.kind, color: s.color, accent: s.accent };
    return {
      offerName: s.offerName,
      sliderName: s.sliderName,
      description: s.description,
      image: b.art(`banners/slider-${i + 1}.svg`, {
        type: 'banner',
        input: { ...banner, title: s.sliderName, subtitle: s.description, tag: s.offerName },
      }),
      backgroundImage: b.art(`banners/slider-${i + 1}-bg.svg`, {
        type: 'banner',
        input: { ...banner, title: '' },
      }),
      pricePaise:
        product.discountPricePaise > 0 ? product.discountPricePaise : product.originalPricePaise,
      cutOffPricePaise: product.originalPricePaise,
      productSku: product.sku,
    };
  });

  const offers: DemoOffer[] = plan.offers.map((o, i) => ({
    image: b.art(`banners/offer-${i + 1}.svg`, {
      type: 'banner',
      input: {
        title: o.title,
        subtitle: o.description,
        tag: 'Limited time offer',
        cta: o.link ? 'Claim offer' : undefined,
        kind: o.kind,
        color: o.color,
        accent: o.accent,
      },
    }),
    title: o.title,
    description: o.description,
    link: o.link,
  }));

  for (const group of plan.newArrivals) group.productSkus.forEach(need);

  return {
    id: plan.id,
    name: plan.name,
    email: plan.email,
    phone: plan.phone,
    whatsappNumber: plan.whatsappNumber,
    products,
    categories,
    newArrivals: plan.newArrivals.map((g) => ({ ...g, productSkus: [...g.productSkus] })),
    offers,
    sliders,
    marquees: [...plan.marquees],
    cartButtons: plan.cartButtons.map((x) => ({ ...x })),
    payButtons: plan.payButtons.map((x) => ({ ...x })),
    meta: {
      ...plan.meta,
      icon: b.art('brand/icon.svg', {
        type: 'category',
        kind: plan.meta.iconKind,
        color: plan.meta.iconColor,
      }),
      scripts: [],
    },
    pincodes: plan.pincodes.map(([pincode, latitude, longitude, status]) => ({
      pincode,
      latitude,
      longitude,
      status: status ?? 'Active',
    })),
    checkout: buildCheckout(checkoutPlanOf(plan.id), base),
    artwork: b.artwork,
  };
}

function checkoutPlanOf(storeId: string): CheckoutPlan {
  const plan = CHECKOUT_PLANS[storeId];
  if (!plan) throw new Error(`${storeId}: no checkout plan`);
  return plan;
}

/** Urban Roll, the main demo shop (clothing, skates and a skating academy). */
export function buildMainStore(base: Date): DemoStore {
  return buildDemoStore(MAIN_STORE_PLAN, base);
}

/** Threadline Uniforms, the quote-first demo shop. */
export function buildQuoteStore(base: Date): DemoStore {
  return buildDemoStore(QUOTE_STORE_PLAN, base);
}

export function buildDemoStores(base: Date): DemoStore[] {
  return [buildMainStore(base), buildQuoteStore(base)];
}
