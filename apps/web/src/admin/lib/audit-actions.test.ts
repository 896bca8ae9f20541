import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@shop/contracts';
import { adminRoutes } from '../admin-router.tsx';
import { auditActionWords, auditEntryPath } from './audit-actions.ts';

describe('auditActionWords', () => {
  it('names every action the API records in words of its own', () => {
    const words = AUDIT_ACTIONS.map(auditActionWords);
    for (const [i, w] of words.entries()) expect(w, AUDIT_ACTIONS[i]).not.toBe(AUDIT_ACTIONS[i]);
    expect(new Set(words).size).toBe(AUDIT_ACTIONS.length);
  });

  it('shows an action it does not know as it is, and nothing inherited', () => {
    expect(auditActionWords('legacy.thing')).toBe('legacy.thing');
    expect(auditActionWords('toString')).toBe('toString');
  });
});

describe('auditEntryPath', () => {
  const ORDER = '0b6f7a62-8e4b-4f1c-9d1e-2f0a4c5b6d7e';
  it.each([
    [{ action: 'order.move', entity_id: ORDER }, `/orders/${ORDER}`],
    [{ action: 'order.upi_confirm', entity_id: ORDER }, `/orders/${ORDER}`],
    [{ action: 'product.update', entity_id: 'p-1' }, '/products/p-1'],
    [{ action: 'product.delete', entity_id: 'p-1' }, '/products'],
    [{ action: 'inbox.note', entity_id: `lead:${ORDER}` }, `/inbox/lead/${ORDER}`],
    [
      { action: 'admission.aadhaar_reveal', entity_id: `admission:${ORDER}` },
      `/inbox/admission/${ORDER}`,
    ],
    [
      { action: 'content_page.update', entity_id: 'shipping policy' },
      '/content/pages/shipping%20policy',
    ],
    [{ action: 'content_page.delete', entity_id: 'about' }, '/content/pages'],
    [{ action: 'new_arrival_group.reorder', entity_id: 'urbanroll' }, '/content/new-arrivals'],
    [{ action: 'pincode.bulk_add', entity_id: 'urbanroll' }, '/delivery'],
    [{ action: 'settings.payment_keys', entity_id: 'urbanroll' }, '/settings'],
    [{ action: 'staff.invite', entity_id: 'x@example.com' }, '/staff'],
    [{ action: 'media.upload', entity_id: '/media/a.webp' }, null],
    [{ action: 'order_emails.send_again', entity_id: 'urbanroll' }, null],
    [{ action: 'legacy.thing', entity_id: 'x' }, null],
    [{ action: 'toString', entity_id: 'x' }, null],
  ])('%j leads to %s', (entry, path) => {
    expect(auditEntryPath(entry)).toBe(path);
  });

  it('leads only to pages the admin has', () => {
    // The check below can fail: a path the admin lacks matches the catch-all.
    expect(matchRoutes(adminRoutes, '/no-such-page')?.at(-1)?.route.path).toBe('*');
    for (const action of AUDIT_ACTIONS) {
      const path = auditEntryPath({ action, entity_id: 'lead:some-id' });
      if (path === null) continue;
      const matched = matchRoutes(adminRoutes, path) ?? [];
      // Every path matches a page of its own, never the catch-all "not found".
      expect(matched.at(-1)?.route.path, `${action} → ${path}`).not.toBe('*');
    }
  });
});
