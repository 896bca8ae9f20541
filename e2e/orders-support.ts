import { expect } from '@playwright/test';

/** Where the e2e server listens for control calls (apps/api/src/test-support/e2e-server.ts). */
const controlUrl = () => `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1000}`;

export type OrderStatus =
  'Processing' | 'Packed' | 'Shipped' | 'Out for delivery' | 'Delivered' | 'Cancelled';

/**
 * Moves an order as the shop does (from Shipped on, the tax invoice is issued). For now through
 * the e2e server's control port; once the staff route exists this becomes
 * POST /api/admin/orders/{order_id}/status with a staff token.
 */
export async function moveOrder(orderId: string, to: OrderStatus): Promise<void> {
  const res = await fetch(`${controlUrl()}/orders/${orderId}/move`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to }),
  });
  expect(res.status, await res.text()).toBe(204);
}
