import { randomBytes } from 'node:crypto';
import type { Database } from '@shop/db';
import { describe, expect, it } from 'vitest';
import { storeSecretContext, type StoreGatewayKeys } from '../../adapters/gateway-credentials.ts';
import { secretBox, type SecretBox } from '../../adapters/secret-box.ts';
import { StoreGateways } from './store-gateways.ts';

const server = { keyId: 'rzp_test_server', keySecret: 'server-secret', webhookSecret: 'server-wh' };

describe('StoreGateways', () => {
  const box = secretBox(randomBytes(32));
  const own = new Map<string, StoreGatewayKeys>();
  const ownKeys = (
    storeId: string,
    keyId: string,
    secret: string,
    webhook?: string,
  ): StoreGatewayKeys => ({
    keyId,
    keySecretCiphertext: box.seal(secret, storeSecretContext(storeId, 'key_secret')),
    webhookSecretCiphertext: webhook
      ? box.seal(webhook, storeSecretContext(storeId, 'webhook_secret'))
      : null,
  });
  const gatewaysWith = (sealing: SecretBox) =>
    new StoreGateways(
      'razorpay',
      server,
      { gatewaySettings: (storeId) => Promise.resolve(own.get(storeId) ?? null) },
      sealing,
      // Razorpay's gateway never touches the database (only the sandbox keeps rows).
      { db: undefined as unknown as Database },
    );
  const gateways = gatewaysWith(box);

  it('builds a gateway once per set of keys, and anew when a store changes its keys', async () => {
    const first = await gateways.forStore('store-a');
    expect(first.keyId).toBe('rzp_test_server');
    // The same keys: the gateway already built, for this store and for another on the server's.
    expect(await gateways.forStore('store-a')).toBe(first);
    expect(await gateways.forStore('store-b')).toBe(first);

    own.set('store-a', ownKeys('store-a', 'rzp_live_a', 'a-secret'));
    const mine = await gateways.forStore('store-a');
    expect(mine).not.toBe(first);
    expect(mine.keyId).toBe('rzp_live_a');
    expect(await gateways.forStore('store-a')).toBe(mine);

    // A new secret under the same key id (the owner regenerated it): a new gateway, not the old.
    own.set('store-a', ownKeys('store-a', 'rzp_live_a', 'a-new-secret'));
    const renewed = await gateways.forStore('store-a');
    expect(renewed).not.toBe(mine);
    expect(renewed.keyId).toBe('rzp_live_a');
    expect(await gateways.forStore('store-b')).toBe(first);
  });

  it('keeps a bounded number of gateways (the oldest built goes first)', async () => {
    const first = await gateways.forStore('store-b');
    for (let i = 0; i < 70; i += 1) {
      own.set(`many-${i}`, ownKeys(`many-${i}`, `rzp_live_${i}`, `secret-${i}`));
      await gateways.forStore(`many-${i}`);
    }
    const again = await gateways.forStore('store-b');
    expect(again).not.toBe(first);
    expect(again.keyId).toBe('rzp_test_server');
  });

  it("opens a store's sealed secrets once, and again only when they are sealed anew", async () => {
    let opened = 0;
    const counting = {
      seal: (plaintext: string, context: string) => box.seal(plaintext, context),
      open: (sealed: string, context: string) => ((opened += 1), box.open(sealed, context)),
    };
    const counted = gatewaysWith(counting);
    own.set('store-c', ownKeys('store-c', 'rzp_live_c', 'c-secret', 'c-webhook'));
    for (let i = 0; i < 5; i += 1) {
      expect(await counted.credentials('store-c')).toEqual({
        keyId: 'rzp_live_c',
        keySecret: 'c-secret',
        webhookSecret: 'c-webhook',
      });
    }
    expect(opened).toBe(2);

    // The owner saves a new webhook secret: sealed anew, so opened anew (never the old one).
    own.set('store-c', ownKeys('store-c', 'rzp_live_c', 'c-secret', 'c-new-webhook'));
    expect((await counted.credentials('store-c')).webhookSecret).toBe('c-new-webhook');
    expect(opened).toBe(4);
    // A store on the server's keys opens nothing.
    expect(await counted.credentials('store-d')).toBe(server);
    expect(opened).toBe(4);
  });
});
