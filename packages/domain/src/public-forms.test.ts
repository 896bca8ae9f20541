import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGE_MAX_LENGTH, displayIndianPhone, messageCounter } from './public-forms.ts';

describe('the contact message counter', () => {
  it('counts up to 500 and turns red at 500, not before', () => {
    expect(CONTACT_MESSAGE_MAX_LENGTH).toBe(500);
    expect(messageCounter(0)).toEqual({ text: '0/500', atLimit: false });
    expect(messageCounter(499)).toEqual({ text: '499/500', atLimit: false });
    expect(messageCounter(500)).toEqual({ text: '500/500', atLimit: true });
  });
});

describe('displayIndianPhone', () => {
  it('shows a 10-digit mobile with +91, whatever prefix it was stored with', () => {
    expect(displayIndianPhone('9820012345')).toBe('+91 98200 12345');
    expect(displayIndianPhone('919820012345')).toBe('+91 98200 12345');
  });
  it('leaves anything else as it is', () => {
    expect(displayIndianPhone('12345')).toBe('12345');
  });
});
