import { describe, expect, it } from 'vitest';
import { inboxGreeting, istDayAndMonthStart, senderLinks } from './inbox.ts';

describe('senderLinks', () => {
  it('normalises the number by the mobile rules and encodes the message', () => {
    expect(senderLinks('+91 98200-54321', 'Hi & hello?')).toEqual({
      tel: 'tel:+919820054321',
      whatsapp: 'https://wa.me/919820054321?text=Hi%20%26%20hello%3F',
    });
    expect(senderLinks('098200 54321', 'x').tel).toBe('tel:+919820054321');
    expect(senderLinks('0091 98200 54321', 'x').whatsapp).toBe('https://wa.me/919820054321?text=x');
  });
  it('gives no links for a number that is not 10 digits', () => {
    expect(senderLinks('12345', 'x')).toEqual({ tel: null, whatsapp: null });
  });
});

describe('inboxGreeting', () => {
  it('greets the sender by first name, naming the shop and the kind', () => {
    expect(inboxGreeting('  Meera Joshi ', 'UrbanRoll', 'quote')).toBe(
      'Hello Meera, this is UrbanRoll about your quote request.',
    );
    expect(inboxGreeting('', 'UrbanRoll', 'lead')).toBe(
      'Hello there, this is UrbanRoll about your message.',
    );
  });
});

describe('istDayAndMonthStart', () => {
  it('starts the day and month at IST midnight', () => {
    // 23 Nov 2026 18:29:59 UTC is 23:59:59 IST on the 23rd.
    expect(istDayAndMonthStart(new Date('2026-11-23T18:29:59Z'))).toEqual({
      dayStart: new Date('2026-11-22T18:30:00Z'),
      monthStart: new Date('2026-10-31T18:30:00Z'),
      nextMonthStart: new Date('2026-11-30T18:30:00Z'),
    });
    // One second later it is the 24th in India.
    expect(istDayAndMonthStart(new Date('2026-11-23T18:30:00Z')).dayStart).toEqual(
      new Date('2026-11-23T18:30:00Z'),
    );
    // 30 Nov 19:00 UTC is 1 Dec 00:30 IST: a new month.
    expect(istDayAndMonthStart(new Date('2026-11-30T19:00:00Z')).monthStart).toEqual(
      new Date('2026-11-30T18:30:00Z'),
    );
    // December rolls into January of the next year.
    expect(istDayAndMonthStart(new Date('2026-12-15T00:00:00Z')).nextMonthStart).toEqual(
      new Date('2026-12-31T18:30:00Z'),
    );
  });
});
