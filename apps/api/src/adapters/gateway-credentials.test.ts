import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  SANDBOX_KEY_ID,
  credentialsForStore,
  hasGatewayKeys,
  resolveGatewayCredentials,
  storeSecretContext,
} from './gateway-credentials.ts';
import { SecretBoxError, storeSecretBox } from './secret-box.ts';

describe('resolveGatewayCredentials', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'gateway-secrets-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('uses the environment when set, writing no file', async () => {
    const c = resolveGatewayCredentials(
      'razorpay',
      { keyId: 'rzp_live_1', keySecret: 'ks', webhookSecret: 'ws' },
      dir,
    );
    expect(c).toEqual({ keyId: 'rzp_live_1', keySecret: 'ks', webhookSecret: 'ws' });
    await expect(stat(path.join(dir, 'razorpay-key-secret'))).rejects.toThrow();
  });

  it('generates unset secrets once into the secrets folder (0600) and reuses them', async () => {
    const first = resolveGatewayCredentials('sandbox', {}, dir);
    expect(first.keyId).toBe(SANDBOX_KEY_ID);
    expect(first.keySecret.length).toBeGreaterThanOrEqual(32);
    expect(first.webhookSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.keySecret).not.toBe(first.webhookSecret);
    const file = path.join(dir, 'razorpay-key-secret');
    expect((await readFile(file, 'utf8')).trim()).toBe(first.keySecret);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(resolveGatewayCredentials('sandbox', {}, dir)).toEqual(first);
  });

  it('gives the real gateway without both keys no keys (stores may enter their own), never the sandbox key', () => {
    const c = resolveGatewayCredentials('razorpay', { keyId: 'rzp_live_1' }, dir);
    expect(c).toMatchObject({ keyId: '', keySecret: '' });
    expect(c.webhookSecret.length).toBeGreaterThanOrEqual(32);
    expect(hasGatewayKeys(c)).toBe(false);
    expect(hasGatewayKeys(resolveGatewayCredentials('razorpay', {}, dir))).toBe(false);
    expect(hasGatewayKeys(resolveGatewayCredentials('sandbox', {}, dir))).toBe(true);
  });
});

describe('credentialsForStore', () => {
  const box = storeSecretBox('s'.repeat(40));
  const server = { keyId: 'rzp_test_server', keySecret: 'server-ks', webhookSecret: 'server-ws' };

  it('uses the server keys for a store without its own', () => {
    expect(credentialsForStore('urbanroll', null, server, box)).toBe(server);
    expect(
      credentialsForStore(
        'urbanroll',
        { keyId: null, keySecretCiphertext: null, webhookSecretCiphertext: null },
        server,
        box,
      ),
    ).toBe(server);
  });

  it("prefers the store's own keys, opening its sealed secrets", () => {
    const stored = {
      keyId: 'rzp_live_store',
      keySecretCiphertext: box.seal('store-ks', storeSecretContext('urbanroll', 'key_secret')),
      webhookSecretCiphertext: box.seal(
        'store-ws',
        storeSecretContext('urbanroll', 'webhook_secret'),
      ),
    };
    expect(credentialsForStore('urbanroll', stored, server, box)).toEqual({
      keyId: 'rzp_live_store',
      keySecret: 'store-ks',
      webhookSecret: 'store-ws',
    });
    // Sealed for one store, the secret does not open for another.
    expect(() => credentialsForStore('threadline', stored, server, box)).toThrow(SecretBoxError);
    // Without its own webhook secret, the server's is used.
    expect(
      credentialsForStore('urbanroll', { ...stored, webhookSecretCiphertext: null }, server, box)
        .webhookSecret,
    ).toBe('server-ws');
  });
});
