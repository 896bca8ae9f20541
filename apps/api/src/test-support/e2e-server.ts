/**
 * The server the Playwright specs start: the real server (as server.ts), plus a control
 * listener on 127.0.0.1:E2E_CONTROL_PORT for what a spec cannot do over the public API yet.
 * Only the e2e harness runs this file; `npm start` runs server.ts.
 *
 *   POST /orders/{order_id}/move { "to": "Shipped" }
 *     moves the order as the shop will (stamps the status date; from Shipped on issues the tax
 *     invoice, on Cancelled the credit note of an invoiced order, in the same transaction).
 *
 * It stands in for the staff route of the fulfilment work (POST /api/admin/orders/{id}/status);
 * once that lands, e2e/orders-support.ts#moveOrder calls the route and this listener can go.
 */
import { createServer } from 'node:http';
import path from 'node:path';
import { eq, sql, type AnyColumn } from 'drizzle-orm';
import { openDatabase, orders, seedDemoStores } from '@shop/db';
import { ORDER_STATUSES, type OrderStatus } from '@shop/domain';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/config.ts';
import { InvoicesRepository } from '../modules/invoices/invoices-repository.ts';
import { InvoicesService } from '../modules/invoices/invoices-service.ts';

const config = loadConfig();
const database = openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pglite'),
});
await database.migrate();
if (config.SEED_DEMO) {
  await seedDemoStores(database.db, { uploadsDir: path.join(config.DATA_DIR, 'uploads') });
}
const { app } = await buildApp({ database, config, logger: { level: config.LOG_LEVEL } });
await app.listen({ port: config.PORT, host: config.HOST });

const invoices = new InvoicesService(new InvoicesRepository(database.db));
const SHIPPED_OR_LATER: readonly OrderStatus[] = ['Shipped', 'Out for delivery', 'Delivered'];

/** The status's date column is stamped once, when the order first reaches it. */
const stampedAt = (column: AnyColumn, at: Date, reached: boolean) =>
  reached ? sql`coalesce(${column}, ${at.toISOString()}::timestamptz)` : sql`${column}`;

async function move(orderId: string, to: OrderStatus) {
  const at = new Date();
  const reached = (status: OrderStatus) =>
    to !== 'Cancelled' && ORDER_STATUSES.indexOf(to) >= ORDER_STATUSES.indexOf(status);
  await database.db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({
        orderStatus: to,
        processingDate: stampedAt(orders.processingDate, at, reached('Processing')),
        shippedDate: stampedAt(orders.shippedDate, at, reached('Shipped')),
        outDeliveryDate: stampedAt(orders.outDeliveryDate, at, reached('Out for delivery')),
        deliveryDate: stampedAt(orders.deliveryDate, at, reached('Delivered')),
        delivered: to === 'Delivered',
        version: sql`${orders.version} + 1`,
      })
      .where(eq(orders.id, orderId))
      .returning({ id: orders.id });
    if (!row) throw new Error('Order not found');
    if (SHIPPED_OR_LATER.includes(to)) await invoices.issueInvoice(tx, orderId, at);
    if (to === 'Cancelled') await invoices.issueCreditNote(tx, orderId, at);
  });
}

const controlPort = Number(process.env.E2E_CONTROL_PORT ?? config.PORT + 1000);
const control = createServer((req, res) => {
  const match = /^\/orders\/([0-9a-f-]{36})\/move$/.exec(req.url ?? '');
  if (req.method !== 'POST' || !match) {
    res.writeHead(404).end();
    return;
  }
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString('utf8')));
  req.on('end', () => {
    const to = (JSON.parse(body || '{}') as { to?: string }).to as OrderStatus;
    if (!ORDER_STATUSES.includes(to)) {
      res.writeHead(400).end('unknown status');
      return;
    }
    move(match[1]!, to).then(
      () => res.writeHead(204).end(),
      (err: unknown) => res.writeHead(409).end(String(err)),
    );
  });
});
control.listen(controlPort, '127.0.0.1');

const shutdown = async () => {
  control.close();
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
