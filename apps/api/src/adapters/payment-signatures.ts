import { createHmac, timingSafeEqual } from 'node:crypto';

/** Hex HMAC-SHA256 of `data` with `secret`. */
function hmacHex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** Compares a received hex signature with the expected one in constant time. */
function sameHex(expectedHex: string, receivedHex: string): boolean {
  if (!/^[0-9a-f]+$/i.test(receivedHex)) return false;
  const expected = Buffer.from(expectedHex, 'hex');
  const received = Buffer.from(receivedHex, 'hex');
  // Lengths are public (always 32 bytes for SHA-256); only equal-length buffers are compared.
  return expected.length === received.length && timingSafeEqual(expected, received);
}

/**
 * The signature Razorpay's checkout hands to its success handler: HMAC-SHA256 of
 * `order_id|payment_id` with the key secret, in hex.
 */
export function checkoutSignature(orderId: string, paymentId: string, keySecret: string): string {
  return hmacHex(keySecret, `${orderId}|${paymentId}`);
}

/**
 * Checks a checkout answer's signature. `storedOrderId` must be the gateway order id the shop
 * stored for the order, never the one the browser sent, so a payment of another (cheaper) order
 * cannot be replayed against this one.
 */
export function verifyCheckoutSignature(
  storedOrderId: string,
  paymentId: string,
  signature: string,
  keySecret: string,
): boolean {
  if (!storedOrderId || !paymentId || !signature || !keySecret) return false;
  return sameHex(checkoutSignature(storedOrderId, paymentId, keySecret), signature);
}

/** The X-Razorpay-Signature of a webhook: HMAC-SHA256 of the raw body with the webhook secret. */
export function webhookSignature(rawBody: string | Buffer, webhookSecret: string): string {
  return hmacHex(webhookSecret, rawBody);
}

/** Checks a webhook's signature against the raw body exactly as received (not re-serialised). */
export function verifyWebhookSignature(
  rawBody: string | Buffer,
  signature: string,
  webhookSecret: string,
): boolean {
  if (!signature || !webhookSecret) return false;
  return sameHex(webhookSignature(rawBody, webhookSecret), signature);
}
