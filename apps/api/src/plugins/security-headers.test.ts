import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers.ts';

describe('security headers', () => {
  async function appWith(o: {
    googleSignIn: boolean;
    razorpayCheckout?: boolean;
    webPush?: boolean;
  }) {
    const app = Fastify();
    await app.register(securityHeaders, o);
    app.get('/x', () => ({ ok: true }));
    return app;
  }

  it("sets helmet's headers and the shop's CSP on every answer, the same each time", async () => {
    const app = await appWith({ googleSignIn: false });
    const first = await app.inject({ url: '/x' });
    const again = await app.inject({ url: '/x' });
    const missing = await app.inject({ url: '/nothing' });
    for (const res of [first, again, missing]) {
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(res.headers['content-security-policy']).not.toContain('google.com');
      expect(res.headers['content-security-policy']).not.toContain('googleapis.com');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toContain('max-age=');
    }
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
  });

  it('admits Google sign-in and Razorpay only when configured', async () => {
    const app = await appWith({ googleSignIn: true, razorpayCheckout: true });
    const csp = String((await app.inject({ url: '/x' })).headers['content-security-policy']);
    expect(csp).toContain(
      "script-src 'self' https://accounts.google.com/gsi/client https://checkout.razorpay.com",
    );
    expect(csp).toContain('https://lumberjack.razorpay.com');
  });

  it("admits Firebase's token services only when the storefront registers web push", async () => {
    const app = await appWith({ googleSignIn: false, webPush: true });
    const csp = String((await app.inject({ url: '/x' })).headers['content-security-policy']);
    expect(csp).toContain(
      "connect-src 'self' https://firebaseinstallations.googleapis.com https://fcmregistrations.googleapis.com",
    );
  });
});
