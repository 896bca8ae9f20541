import { describe, expect, it } from 'vitest';
import { chatNumber, quoteChatMessage, whatsappChatUrl } from './quote-chat.ts';

const summary = {
  name: 'Asha Kulkarni',
  mobile: '9820012345',
  email: 'asha@example.com',
  notes: 'Team of 12, need by Friday',
  products: [
    {
      title: 'Club Jersey',
      sku: 'TL-JER-M',
      quantity: 12,
      pricePaise: 79_900,
      salePricePaise: 59_900,
      imageUrl: 'https://shop.example/api/uploads/jersey.svg',
    },
    {
      title: 'Track Pants',
      sku: 'TL-TP',
      quantity: 2,
      pricePaise: 150_000,
      salePricePaise: 0,
      imageUrl: 'https://shop.example/api/uploads/pants.svg',
    },
  ],
  discountPaise: 0,
  totalPayablePaise: 1_018_800,
  couponCode: '',
};

describe('quoteChatMessage', () => {
  it('lists the customer, every product with SKU, quantity, price, offer and image, and the totals', () => {
    expect(quoteChatMessage(summary)).toBe(
      [
        'Hello! I would like a quote.',
        '',
        'Name: Asha Kulkarni',
        'Mobile: 9820012345',
        'Email: asha@example.com',
        'Notes: Team of 12, need by Friday',
        '',
        'Products:',
        '1. Club Jersey',
        '   SKU: TL-JER-M',
        '   Quantity: 12',
        '   Price: ₹799',
        '   Offer: ₹599 (25% OFF)',
        '   Image: https://shop.example/api/uploads/jersey.svg',
        '2. Track Pants',
        '   SKU: TL-TP',
        '   Quantity: 2',
        '   Price: ₹1,500',
        '   Offer: None',
        '   Image: https://shop.example/api/uploads/pants.svg',
        '',
        'Discount: ₹0',
        'Total payable: ₹10,188',
        'Coupon: None',
      ].join('\n'),
    );
  });

  it('shows dashes for missing email and notes, and the coupon when there is one', () => {
    const text = quoteChatMessage({
      ...summary,
      email: '',
      notes: '',
      couponCode: 'TEAM10',
      discountPaise: 5_000,
    });
    expect(text).toContain('Email: -\nNotes: -');
    expect(text).toContain('Discount: ₹50\n');
    expect(text).toContain('Coupon: TEAM10');
  });
});

describe('chat links', () => {
  it.each([
    ['9820012345', '919820012345'],
    ['919820012345', '919820012345'],
    ['+91 98200-12345', '919820012345'],
    ['09820012345', '919820012345'],
  ])('%s chats with +91 and ten digits', (phone, expected) => {
    expect(chatNumber(phone)).toBe(expected);
  });

  it('prefills the text, encoded', () => {
    expect(whatsappChatUrl('9820012345', 'Hi & ₹1,500\nok')).toBe(
      'https://wa.me/919820012345?text=Hi%20%26%20%E2%82%B91%2C500%0Aok',
    );
  });
});
