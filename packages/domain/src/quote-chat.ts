import { normalizeMobile } from './mobile.ts';
import { formatInr } from './money.ts';
import { hasDiscount, percentOff } from './pricing.ts';

export interface QuoteChatProduct {
  title: string;
  sku: string;
  quantity: number;
  pricePaise: number;
  salePricePaise: number;
  /** An absolute URL, so the shop can open it from the chat. */
  imageUrl: string;
}

export interface QuoteChatSummary {
  name: string;
  mobile: string;
  email: string;
  notes: string;
  products: readonly QuoteChatProduct[];
  discountPaise: number;
  totalPayablePaise: number;
  couponCode: string;
}

/**
 * The text prefilled in the shop's chat after a quote request (catalogue-and-cart §4,
 * accounts-checkout-payments §7): name, mobile, email, notes, each product with SKU, quantity,
 * price, offer and image URL, then discount, total payable and coupon.
 */
export function quoteChatMessage(s: QuoteChatSummary): string {
  const products = s.products.map((p, i) => {
    const offer = hasDiscount(p.pricePaise, p.salePricePaise)
      ? `${formatInr(p.salePricePaise)} (${percentOff(p.pricePaise, p.salePricePaise)}% OFF)`
      : 'None';
    return [
      `${i + 1}. ${p.title}`,
      `   SKU: ${p.sku}`,
      `   Quantity: ${p.quantity}`,
      `   Price: ${formatInr(p.pricePaise)}`,
      `   Offer: ${offer}`,
      `   Image: ${p.imageUrl}`,
    ].join('\n');
  });
  return [
    'Hello! I would like a quote.',
    '',
    `Name: ${s.name}`,
    `Mobile: ${s.mobile}`,
    `Email: ${s.email || '-'}`,
    `Notes: ${s.notes || '-'}`,
    '',
    'Products:',
    ...products,
    '',
    `Discount: ${formatInr(s.discountPaise)}`,
    `Total payable: ${formatInr(s.totalPayablePaise)}`,
    `Coupon: ${s.couponCode || 'None'}`,
  ].join('\n');
}

/** The number for chat and call links: +91 and the 10-digit mobile, as digits ("91XXXXXXXXXX"). */
export function chatNumber(phone: string): string {
  return `91${normalizeMobile(phone)}`;
}

/** A WhatsApp chat link to the shop with the text prefilled. */
export function whatsappChatUrl(phone: string, text: string): string {
  return `https://wa.me/${chatNumber(phone)}?text=${encodeURIComponent(text)}`;
}
