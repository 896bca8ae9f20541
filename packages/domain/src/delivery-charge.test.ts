import { describe, expect, it } from 'vitest';
import {
  NOT_DELIVERABLE_MESSAGE,
  bandHolds,
  deliveryCharge,
  lowestDeliveryCharge,
  type DeliveryBand,
  type FreeDeliveryBand,
} from './delivery-charge.ts';

const bands: DeliveryBand[] = [
  { minKm: 0, maxKm: 5, pricePaise: 4000, active: true },
  { minKm: 5, maxKm: 15, pricePaise: 8000, active: true },
  { minKm: 15, maxKm: 40, pricePaise: 15000, active: true },
  { minKm: 40, maxKm: null, pricePaise: 30000, active: true },
];
const freeBands: FreeDeliveryBand[] = [{ minKm: 0, maxKm: 15, minSaleTotalPaise: 200000 }];

const quote = (distanceKm: number | null, saleTotalPaise = 100000, overrides = {}) =>
  deliveryCharge({
    needsDelivery: true,
    distanceKm,
    saleTotalPaise,
    bands,
    freeBands,
    ...overrides,
  });

describe('bandHolds', () => {
  it('includes the lower edge and excludes the upper one', () => {
    const band = { minKm: 5, maxKm: 15 };
    expect(bandHolds(band, 4)).toBe(false);
    expect(bandHolds(band, 5)).toBe(true);
    expect(bandHolds(band, 14)).toBe(true);
    expect(bandHolds(band, 15)).toBe(false);
  });

  it('has no upper edge when open-ended', () => {
    expect(bandHolds({ minKm: 40, maxKm: null }, 40)).toBe(true);
    expect(bandHolds({ minKm: 40, maxKm: null }, 4000)).toBe(true);
    expect(bandHolds({ minKm: 40, maxKm: null }, 39)).toBe(false);
  });

  it('lets exactly one of adjacent bands hold every whole km', () => {
    for (let km = 0; km <= 100; km++) {
      expect(bands.filter((b) => bandHolds(b, km))).toHaveLength(1);
    }
  });
});

describe('deliveryCharge', () => {
  it.each([
    [0, 0, 4000],
    [0.05, 0, 4000],
    [0.1, 1, 4000],
    [4.49, 4, 4000],
    [4.5, 5, 8000],
    [5, 5, 8000],
    [14.49, 14, 8000],
    [14.5, 15, 15000],
    [39.4, 39, 15000],
    [39.5, 40, 30000],
    [250, 250, 30000],
  ])('%d km (counted %i) costs %i paise below the free threshold', (km, counted, price) => {
    expect(quote(km)).toEqual({
      deliverable: true,
      chargePaise: price,
      distanceKm: counted,
      free: false,
    });
  });

  it('is free when a free band holds the distance and the total reaches its price', () => {
    expect(quote(3, 200000)).toEqual({
      deliverable: true,
      chargePaise: 0,
      distanceKm: 3,
      free: true,
    });
    expect(quote(14, 250000)).toEqual({
      deliverable: true,
      chargePaise: 0,
      distanceKm: 14,
      free: true,
    });
  });

  it('charges when the total is one paisa short or the distance is outside the free band', () => {
    expect(quote(3, 199999)).toMatchObject({ chargePaise: 4000, free: false });
    expect(quote(15, 500000)).toMatchObject({ chargePaise: 15000, free: false });
  });

  it('is free in a met free band even where no paid band reaches', () => {
    expect(
      quote(100, 900000, {
        bands: bands.slice(0, 2),
        freeBands: [{ minKm: 50, maxKm: null, minSaleTotalPaise: 500000 }],
      }),
    ).toEqual({ deliverable: true, chargePaise: 0, distanceKm: 100, free: true });
  });

  it('is not deliverable where no active band holds the distance', () => {
    const noOpenEnd = bands.slice(0, 3);
    expect(quote(40, 100000, { bands: noOpenEnd })).toEqual({
      deliverable: false,
      reason: NOT_DELIVERABLE_MESSAGE,
      distanceKm: 40,
    });
    expect(NOT_DELIVERABLE_MESSAGE).toBe('Sorry, we do not deliver to this pincode.');
    const inactiveMiddle = bands.map((b) => (b.minKm === 5 ? { ...b, active: false } : b));
    expect(quote(7, 100000, { bands: inactiveMiddle })).toMatchObject({ deliverable: false });
    expect(quote(7, 100000, { bands: [], freeBands: [] })).toMatchObject({ deliverable: false });
  });

  it('is not deliverable to a pincode the shop does not serve, at any distance or total: no charge quoted', () => {
    for (const [km, total] of [
      [7, 1000],
      [250, 1000],
      [2, 10_000_000],
    ] as const) {
      expect(quote(km, total, { pincodeServed: false })).toEqual({
        deliverable: false,
        reason: NOT_DELIVERABLE_MESSAGE,
        distanceKm: km,
      });
    }
    expect(quote(7, 1000, { pincodeServed: true })).toMatchObject({ deliverable: true });
    // Courses go nowhere: the pincode does not matter.
    expect(quote(7, 1000, { needsDelivery: false, pincodeServed: false })).toMatchObject({
      deliverable: true,
      chargePaise: 0,
    });
  });

  it('is not deliverable when the address could not be located', () => {
    expect(quote(null)).toEqual({
      deliverable: false,
      reason: NOT_DELIVERABLE_MESSAGE,
      distanceKm: null,
    });
  });

  it('never charges an order of courses only, wherever it goes', () => {
    expect(quote(null, 100000, { needsDelivery: false })).toEqual({
      deliverable: true,
      chargePaise: 0,
      distanceKm: null,
      free: false,
    });
    expect(quote(900, 100000, { needsDelivery: false, bands: [] })).toMatchObject({
      deliverable: true,
      chargePaise: 0,
    });
  });

  it('takes the lowest band when active bands overlap', () => {
    const overlapping: DeliveryBand[] = [
      { minKm: 3, maxKm: 10, pricePaise: 7000, active: true },
      { minKm: 0, maxKm: 10, pricePaise: 5000, active: true },
    ];
    expect(quote(4, 0, { bands: overlapping, freeBands: [] })).toMatchObject({ chargePaise: 5000 });
  });

  it('rejects malformed bands and amounts', () => {
    expect(() =>
      quote(3, 100000, { bands: [{ minKm: 5, maxKm: 5, pricePaise: 1, active: true }] }),
    ).toThrow(RangeError);
    expect(() =>
      quote(3, 100000, { bands: [{ minKm: -1, maxKm: 5, pricePaise: 1, active: true }] }),
    ).toThrow(RangeError);
    expect(() =>
      quote(3, 100000, { bands: [{ minKm: 0, maxKm: 5, pricePaise: 1.5, active: true }] }),
    ).toThrow('Delivery price');
    expect(() =>
      quote(3, 100000, { freeBands: [{ minKm: 0, maxKm: null, minSaleTotalPaise: -1 }] }),
    ).toThrow('Free-delivery price');
    expect(() => quote(3, -5)).toThrow('Sale total');
    expect(() => quote(-3)).toThrow(RangeError);
  });
});

describe('lowestDeliveryCharge: "Delivery from" before the address is known', () => {
  const lowest = (saleTotalPaise: number, b = bands, f = freeBands) =>
    lowestDeliveryCharge({ saleTotalPaise, bands: b, freeBands: f });

  it('is the cheapest band under the free-delivery total', () => {
    expect(lowest(100000)).toBe(4000);
  });

  it('is 0 once a free-delivery band is reached', () => {
    expect(lowest(199999)).toBe(4000);
    expect(lowest(200000)).toBe(0);
  });

  it('skips inactive bands, and a cheap band no distance reaches through an overlap', () => {
    const inactive = bands.map((b) => (b.minKm === 0 ? { ...b, active: false } : b));
    expect(lowest(100000, inactive)).toBe(8000);
    // 5-15 at ₹10 overlaps 0-20 at ₹60: checkout reads the lowest min_kilometer, so ₹60 always.
    const overlapping: DeliveryBand[] = [
      { minKm: 0, maxKm: 20, pricePaise: 6000, active: true },
      { minKm: 5, maxKm: 15, pricePaise: 1000, active: true },
    ];
    expect(lowest(100000, overlapping, [])).toBe(6000);
  });

  it('counts a band that starts far away, and is null when nothing is delivered', () => {
    expect(lowest(100000, [{ minKm: 10, maxKm: null, pricePaise: 9900, active: true }], [])).toBe(
      9900,
    );
    expect(lowest(100000, [], [])).toBeNull();
    expect(lowest(100000, [{ ...bands[0]!, active: false }], [])).toBeNull();
  });

  it('agrees with deliveryCharge at every whole km', () => {
    for (const total of [0, 100000, 250000]) {
      const charges = Array.from({ length: 60 }, (_, km) => quote(km, total))
        .filter((q) => q.deliverable)
        .map((q) => (q.deliverable ? q.chargePaise : 0));
      expect(lowest(total)).toBe(Math.min(...charges));
    }
  });
});
