export {
  ARTWORK_KINDS,
  bannerSvg,
  categoryIconSvg,
  productArtworkSvg,
  renderArtwork,
  type ArtworkKind,
  type ArtworkSpec,
  type BannerInput,
  type ProductArtworkInput,
} from './artwork.ts';
export {
  MAIN_STORE_ID,
  MUMBAI_PINCODES,
  QUOTE_STORE_ID,
  buildDemoStores,
  buildMainStore,
  buildQuoteStore,
  type ArtworkFile,
  type DemoProduct,
  type DemoCheckout,
  type DemoCoupon,
  type DemoStore,
} from './demo-data.ts';
export {
  putArtwork,
  seedDemoStores,
  writeArtworkFiles,
  type ArtworkWriter,
  type SeedDemoOptions,
} from './seed-demo.ts';
export { seedCheckout } from './seed-checkout.ts';
export { CHECKOUT_PLANS, GST_BY_KIND, type CheckoutPlan, type GstRule } from './checkout-plan.ts';
export { seedContentPages } from './seed-content.ts';
export { CONTENT_PAGE_SLUGS, CONTENT_PLANS, type ContentPagePlan } from './content-plan.ts';
