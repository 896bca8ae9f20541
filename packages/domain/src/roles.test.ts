import { describe, expect, it } from 'vitest';
import { parseRole, parseSessionScope, roleSatisfies, sessionRole } from './roles.ts';

describe('roles', () => {
  it('reads the three roles and treats anything else as a customer', () => {
    expect(parseRole('customer')).toBe('customer');
    expect(parseRole('staff')).toBe('staff');
    expect(parseRole('owner')).toBe('owner');
    expect(parseRole('admin')).toBe('customer');
    expect(parseRole('Owner')).toBe('customer');
    expect(parseRole(undefined)).toBe('customer');
  });

  it('an owner may do what staff may, staff what a customer may, never the reverse', () => {
    expect(roleSatisfies('owner', 'staff')).toBe(true);
    expect(roleSatisfies('owner', 'owner')).toBe(true);
    expect(roleSatisfies('staff', 'staff')).toBe(true);
    expect(roleSatisfies('staff', 'customer')).toBe(true);
    expect(roleSatisfies('customer', 'customer')).toBe(true);
    expect(roleSatisfies('customer', 'staff')).toBe(false);
    expect(roleSatisfies('staff', 'owner')).toBe(false);
    expect(roleSatisfies('customer', 'owner')).toBe(false);
  });

  it('gives staff or owner power only to a session started at the admin sign-in', () => {
    expect(sessionRole('owner', 'admin')).toBe('owner');
    expect(sessionRole('staff', 'admin')).toBe('staff');
    expect(sessionRole('customer', 'admin')).toBe('customer');
    for (const role of ['customer', 'staff', 'owner'] as const) {
      expect(sessionRole(role, 'storefront')).toBe('customer');
    }
    expect(parseSessionScope('admin')).toBe('admin');
    for (const other of ['storefront', 'Admin', 'owner', undefined, null, 1]) {
      expect(parseSessionScope(other)).toBe('storefront');
    }
  });
});
