import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDocumentAnswer } from '@shop/contracts';
import { testDatabaseTargets } from '@shop/db/testing';
import { capturingEmail, client } from '../../test-support/accounts.ts';
import { orderKit, type OrderKit } from '../../test-support/orders.ts';
import { storeMember } from '../../test-support/staff.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

/**
 * Issue 58 item 6: staff power comes from the database now, not from the access token alone. A
 * member the owner removes keeps a valid access token for up to 15 minutes; with it they read
 * nothing staff may read, neither on the admin routes nor on the routes open to any signed-in
 * user that show the store's staff more (an order's tax invoice, as data and as a PDF).
 */
describe.each(testDatabaseTargets())('a removed staff member reads nothing on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();
  let kit: OrderKit;

  beforeAll(async () => {
    t = await startTestApp(target, { adapters: { email: mail.sender, paymentWebhooks: null } });
    kit = await orderKit(t, mail);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Every route that lets the store's staff read an order that is not theirs. */
  const staffReads = (orderId: string) => [
    `/api/payment/order/${orderId}/invoice/document`,
    `/api/payment/order/${orderId}/invoice`,
    `/api/admin/orders/${orderId}`,
    `/api/admin/orders/${orderId}/packing-slip`,
  ];

  it("refuses the removed member's old token on the invoice, its PDF and the order desk", async () => {
    const owner = await storeMember(t, mail, 'owner');
    const removed = await storeMember(t, mail, 'staff');
    const kept = await storeMember(t, mail, 'staff');
    const buyer = await kit.buyer();
    const { order_id: orderId } = await kit.placePaid(buyer);
    const shipped = await kit.patchAs(owner.token, orderId, { orderStatus: 'Shipped' });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    expect(shipped.body.data.invoice).not.toBeNull();

    const get = (url: string, token: string) => client(t).get(url, token);
    const document = `/api/payment/order/${orderId}/invoice/document`;

    // Before the removal the member reads what the store's staff read.
    for (const url of staffReads(orderId)) {
      expect((await get(url, removed.token)).status, url).toBe(200);
    }

    const removal = await client(t).call(
      'DELETE',
      `/api/admin/staff/${removed.userId}`,
      undefined,
      owner.token,
    );
    expect(removal.status, JSON.stringify(removal.body)).toBe(200);

    // The same access token, still within its 15 minutes: nothing.
    for (const url of staffReads(orderId)) {
      const res = await get(url, removed.token);
      expect([403, 404], `${url}: ${res.status}`).toContain(res.status);
      expect(res.res.body).not.toContain('Asha Kulkarni');
      expect(res.res.body).not.toContain('12 Test Road');
    }
    // Nor as a customer: the order is not theirs.
    expect((await get(`/api/payment/order/${orderId}`, removed.token)).status).toBe(404);

    // A member still on the staff reads them all.
    for (const url of staffReads(orderId)) {
      expect((await get(url, kept.token)).status, url).toBe(200);
    }
    // The order's own customer reads the invoice and the PDF; another customer does not.
    const mine = await get(document, buyer.token);
    expect(mine.status).toBe(200);
    expect((mine.body as { data: InvoiceDocumentAnswer }).data.recipient.name).toBe(
      'Asha Kulkarni',
    );
    expect((await get(`/api/payment/order/${orderId}/invoice`, buyer.token)).status).toBe(200);
    const other = await kit.buyer();
    for (const url of staffReads(orderId)) {
      expect([403, 404], url).toContain((await get(url, other.token)).status);
    }
  });

  it('goes by the lesser role at once: an owner made staff loses owner-only routes', async () => {
    const owner = await storeMember(t, mail, 'owner');
    const demoted = await storeMember(t, mail, 'owner');
    expect((await client(t).get('/api/admin/staff', demoted.token)).status).toBe(200);
    const change = await client(t).call(
      'PATCH',
      `/api/admin/staff/${demoted.userId}`,
      { role: 'staff' },
      owner.token,
    );
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    expect((await client(t).get('/api/admin/staff', demoted.token)).status).toBe(403);
  });
});
