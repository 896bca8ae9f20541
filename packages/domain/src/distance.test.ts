import { describe, expect, it } from 'vitest';
import { chargeableKm, haversineKm, roadDistanceKm } from './distance.ts';

const gateway = { latitude: 18.922, longitude: 72.8347 }; // Gateway of India, Mumbai
const bandra = { latitude: 19.0596, longitude: 72.8295 }; // Bandra West
const delhi = { latitude: 28.6139, longitude: 77.209 }; // New Delhi
const chennai = { latitude: 13.0827, longitude: 80.2707 };

describe('haversineKm', () => {
  it('is 0 for the same point and symmetric', () => {
    expect(haversineKm(bandra, bandra)).toBe(0);
    expect(haversineKm(bandra, delhi)).toBeCloseTo(haversineKm(delhi, bandra), 9);
  });

  it('matches known great-circle distances', () => {
    expect(haversineKm(gateway, bandra)).toBeCloseTo(15.3, 1);
    expect(haversineKm(bandra, delhi)).toBeGreaterThan(1140);
    expect(haversineKm(bandra, delhi)).toBeLessThan(1160);
    expect(haversineKm(delhi, chennai)).toBeGreaterThan(1750);
    expect(haversineKm(delhi, chennai)).toBeLessThan(1770);
  });

  it('is 111.2 km per degree of latitude', () => {
    expect(haversineKm({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(
      111.195,
      2,
    );
  });

  it('handles antipodes without NaN', () => {
    const d = haversineKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 });
    expect(d).toBeCloseTo(Math.PI * 6371.0088, 6);
  });

  it.each([
    [{ latitude: NaN, longitude: 0 }],
    [{ latitude: 91, longitude: 0 }],
    [{ latitude: 0, longitude: -181 }],
    [{ latitude: 0, longitude: Infinity }],
  ])('rejects %o', (bad) => {
    expect(() => haversineKm(bad, bandra)).toThrow(RangeError);
    expect(() => haversineKm(bandra, bad)).toThrow(RangeError);
  });
});

describe('roadDistanceKm', () => {
  it('multiplies the straight line by the road factor', () => {
    const straight = haversineKm(gateway, bandra);
    expect(roadDistanceKm(gateway, bandra, 1)).toBe(straight);
    expect(roadDistanceKm(gateway, bandra, 1.4)).toBeCloseTo(straight * 1.4, 9);
  });

  it.each([0.9, 0, -1, NaN, Infinity])('rejects a road factor of %d', (factor) => {
    expect(() => roadDistanceKm(gateway, bandra, factor)).toThrow('Road factor');
  });
});

describe('chargeableKm', () => {
  it.each([
    [0, 0],
    [0.05, 0],
    [0.0999, 0],
    [0.1, 1],
    [0.5, 1],
    [1, 1],
    [1.01, 1],
    [1.49, 1],
    [1.5, 2],
    [4.5, 5],
    [14.49, 14],
    [14.5, 15],
    [39.5, 40],
    [1234.4, 1234],
  ])('%d km counts as %i', (km, counted) => {
    expect(chargeableKm(km)).toBe(counted);
  });

  it.each([-0.1, NaN, Infinity])('rejects %d', (km) => {
    expect(() => chargeableKm(km)).toThrow(RangeError);
  });
});
