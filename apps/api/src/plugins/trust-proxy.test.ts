import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPath } from '@shop/domain';
import { testDatabaseTargets } from '@shop/db/testing';
import { loadConfig } from '../config/config.ts';
import { MAIN, client, uniqueEmail, uniqueIp } from '../test-support/accounts.ts';
import { startTestApp, type TestApp } from '../test-support/test-app.ts';

const target = testDatabaseTargets()[0]!;

describe('TRUST_PROXY and PUBLIC_URL settings', () => {
  it('trust nothing by default, take a hop count or a list, and refuse anything else', () => {
    expect(loadConfig({}).TRUST_PROXY).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.in/' }).PUBLIC_URL).toBe(
      'https://shop.example.in',
    );
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
  });
});

describe('a forged X-Forwarded-For', () => {
  const sendsFrom = async (t: TestApp, socket: string) => {
    const results = [];
    for (let i = 0; i < 3; i++) {
      const forged = client(t, socket, { 'x-forwarded-for': `198.51.100.${i + 1}` });
      results.push(
        (
          await forged.post('/api/registeruser/api/send-otp', {
            email: uniqueEmail(),
            main_id: MAIN,
          })
        ).status,
      );
    }
    return results;
  };

  it('changes nothing by default: the per-address limit still trips', async () => {
    const t = await startTestApp(target, { config: { OTP_SEND_LIMIT_PER_IP: 2 } });
    try {
      expect(await sendsFrom(t, uniqueIp())).toEqual([200, 200, 429]);
    } finally {
      await t.close();
    }
  });

  it('is honoured with TRUST_PROXY=1 (the proxy names the client)', async () => {
    const t = await startTestApp(target, {
      config: { OTP_SEND_LIMIT_PER_IP: 2, TRUST_PROXY: 1 },
    });
    try {
      expect(await sendsFrom(t, uniqueIp())).toEqual([200, 200, 200]);
    } finally {
      await t.close();
    }
  });

  it('is honoured only from a listed proxy address', async () => {
    const t = await startTestApp(target, {
      config: { OTP_SEND_LIMIT_PER_IP: 2, TRUST_PROXY: ['2001:db8:ffff::/48'] },
    });
    try {
      expect(await sendsFrom(t, '2001:db8:ffff::1')).toEqual([200, 200, 200]);
      expect(await sendsFrom(t, uniqueIp())).toEqual([200, 200, 429]);
    } finally {
      await t.close();
    }
  });
});

describe('canonical URLs come from PUBLIC_URL, never from request headers', () => {
  let t: TestApp;
  let web: string;
  let page: string;
  beforeAll(async () => {
    web = mkdtempSync(path.join(tmpdir(), 'shop-web-proxy-'));
    writeFileSync(
      path.join(web, 'index.html'),
      '<!doctype html><html><head><title>shop</title></head><body><div id="root"></div></body></html>',
    );
    t = await startTestApp(target, {
      config: { WEB_DIST_DIR: web, PUBLIC_URL: 'https://shop.example.in' },
    });
    const list = (
      await t.app.inject({ url: '/api/grouped-product/search-all-products/urbanroll?limit=1' })
    ).json<{ data: { product_id: string; title: string }[] }>();
    page = productPath(list.data[0]!.title, list.data[0]!.product_id);
  });
  afterAll(async () => {
    await t.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('ignores a forged X-Forwarded-Host and -Proto and Host', async () => {
    const res = await t.app.inject({
      url: page,
      headers: {
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'http',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<link rel="canonical" href="https://shop.example.in${page}" />`);
    expect(res.body).not.toContain('evil.example');
  });
});
