import type { AuditAction } from '@shop/contracts';
import type { ContentKind } from '../content/content-kinds.ts';

/**
 * Each audited admin write in the owner's words. Keyed by every action the API records
 * (`AUDIT_ACTIONS`): an action added there without its words here fails the type check.
 */
const WORDS: Record<AuditAction, string> = {
  'category.create': 'Category added',
  'category.update': 'Category changed',
  'category.delete': 'Category deleted',
  'category.reorder': 'Categories reordered',
  'new_arrival_group.create': 'New-arrival group added',
  'new_arrival_group.update': 'New-arrival group changed',
  'new_arrival_group.delete': 'New-arrival group deleted',
  'new_arrival_group.reorder': 'New-arrival groups reordered',
  'slider.create': 'Slide added',
  'slider.update': 'Slide changed',
  'slider.delete': 'Slide deleted',
  'slider.reorder': 'Slides reordered',
  'offer.create': 'Offer added',
  'offer.update': 'Offer changed',
  'offer.delete': 'Offer deleted',
  'offer.reorder': 'Offers reordered',
  'marquee.create': 'Marquee text added',
  'marquee.update': 'Marquee text changed',
  'marquee.delete': 'Marquee text deleted',
  'marquee.reorder': 'Marquee texts reordered',
  'admission.aadhaar_reveal': 'Aadhaar revealed',
  'content_page.create': 'Page added',
  'content_page.update': 'Page changed',
  'content_page.delete': 'Page deleted',
  'page_meta.update': 'Page titles and descriptions changed',
  'coupon.create': 'Coupon created',
  'coupon.update': 'Coupon changed',
  'coupon.delete': 'Coupon deleted',
  'delivery.bands.replace': 'Delivery charges changed',
  'delivery.free_bands.replace': 'Free delivery changed',
  'pincode.bulk_add': 'Pincodes added',
  'pincode.update': 'Pincode changed',
  'pincode.delete': 'Pincode deleted',
  'inbox.update': 'Inbox item changed',
  'inbox.note': 'Inbox note added',
  'shop_notices.send_again': 'Refused form notices sent again',
  'media.upload': 'Image uploaded',
  'order.move': 'Order moved',
  'order.shipping_details': 'Courier or tracking changed',
  'order.collect': 'Cash collected at delivery',
  'order.upi_confirm': 'UPI payment confirmed',
  'order.upi_refund_sent': 'UPI refund recorded',
  'order_emails.send_again': 'Refused order emails sent again',
  'product.create': 'Product added',
  'product.update': 'Product changed',
  'product.import': 'Product imported',
  'product.duplicate': 'Product duplicated',
  'product.archive': 'Product archived',
  'product.delete': 'Product deleted',
  'product.bulk': 'Products changed in bulk',
  'product.images.add': 'Product photo added',
  'product.images.arrange': 'Product photos rearranged',
  'product.images.remove': 'Product photo removed',
  'product.size_chart': 'Size chart saved',
  'settings.profile': 'Store profile saved',
  'settings.buttons': 'Buttons saved',
  'settings.payment_keys': 'Payment keys changed',
  'settings.security': 'Sign-in security changed',
  'settings.upi': 'UPI payment details changed',
  'settings.academy': 'Paying at the academy changed',
  'settings.retention': 'Retention periods changed',
  'product.course_details': 'Course details saved',
  'breach.record': 'Data breach recorded',
  'breach.update': 'Data breach updated',
  'staff.invite': 'Staff invited',
  'staff.accept': 'Staff invite accepted',
  'staff.role': 'Staff role changed',
  'staff.remove': 'Removed from the staff',
};

/** An audit entry's action in words; an action this build does not know (an older one) as it is. */
export function auditActionWords(action: string): string {
  return Object.hasOwn(WORDS, action) ? WORDS[action as AuditAction] : action;
}

/** The area of the admin an action belongs to: its first word (`order` of `order.move`). */
type Area = AuditAction extends `${infer A}.${string}` ? A : never;

const seg = encodeURIComponent;
const ofContent = (kind: ContentKind) => () => `/content/${kind}`;
const whole = (path: string) => () => path;

/**
 * Where in the admin each area's entry leads (paths under /admin), from the entry's entity id;
 * null where there is no page to show (an uploaded file, the dashboard's own button). Keyed by
 * every area, so a new area must say where its entries lead.
 */
const PATHS: Record<Area, (id: string, action: AuditAction) => string | null> = {
  category: ofContent('categories'),
  new_arrival_group: ofContent('new-arrivals'),
  slider: ofContent('sliders'),
  offer: ofContent('offers'),
  marquee: ofContent('marquees'),
  // The inbox's entries name their item as `kind:id`.
  admission: (id) => inboxItem(id),
  inbox: (id) => inboxItem(id),
  content_page: (slug, action) =>
    action === 'content_page.delete' ? '/content/pages' : `/content/pages/${seg(slug)}`,
  page_meta: whole('/content/page-meta'),
  breach: whole('/privacy'),
  coupon: whole('/coupons'),
  delivery: whole('/delivery'),
  pincode: whole('/delivery'),
  media: () => null,
  order: (id) => `/orders/${seg(id)}`,
  order_emails: () => null,
  product: (id, action) => (action === 'product.delete' ? '/products' : `/products/${seg(id)}`),
  settings: whole('/settings'),
  shop_notices: () => null,
  staff: whole('/staff'),
};

function inboxItem(entityId: string) {
  const [kind, id] = entityId.split(':');
  return kind && id ? `/inbox/${seg(kind)}/${seg(id)}` : '/inbox';
}

/**
 * The admin page of what an audit entry changed (under /admin), or null: none, or an action this
 * build does not know. A deleted product or page leads to its list.
 */
export function auditEntryPath(e: { action: string; entity_id: string }): string | null {
  if (!Object.hasOwn(WORDS, e.action)) return null;
  const action = e.action as AuditAction;
  const area = action.slice(0, action.indexOf('.')) as Area;
  return PATHS[area](e.entity_id, action);
}
