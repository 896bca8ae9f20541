/** A point on Earth in decimal degrees (WGS 84), as geocoders and the pincode table give them. */
export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** The mean Earth radius in km (IUGG), the usual radius for haversine distances. */
export const EARTH_RADIUS_KM = 6371.0088;

function assertPoint(name: string, p: GeoPoint): void {
  if (
    !Number.isFinite(p.latitude) ||
    !Number.isFinite(p.longitude) ||
    Math.abs(p.latitude) > 90 ||
    Math.abs(p.longitude) > 180
  ) {
    throw new RangeError(
      `${name} is not a coordinate: ${String(p.latitude)}, ${String(p.longitude)}`,
    );
  }
}

const radians = (degrees: number): number => (degrees * Math.PI) / 180;

/** The great-circle (haversine) distance between two points in km. */
export function haversineKm(from: GeoPoint, to: GeoPoint): number {
  assertPoint('From', from);
  assertPoint('To', to);
  const dLat = radians(to.latitude - from.latitude);
  const dLon = radians(to.longitude - from.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The road distance estimate in km: the haversine distance times the store's road factor (roads
 * are longer than the straight line; about 1.3 to 1.4 in Indian cities). A factor of 1 is the
 * straight line; a factor below 1 or not finite throws RangeError.
 */
export function roadDistanceKm(from: GeoPoint, to: GeoPoint, roadFactor: number): number {
  if (!Number.isFinite(roadFactor) || roadFactor < 1) {
    throw new RangeError(`Road factor must be a number of at least 1, got ${String(roadFactor)}`);
  }
  return haversineKm(from, to) * roadFactor;
}

/**
 * The distance in whole km that the delivery bands are read with (accounts-checkout-payments §9):
 * from 0.1 to 1 km counts as 1; any other distance is rounded half up (1.5 -> 2, 14.49 -> 14).
 * Below 0.1 km (the same building, or a pickup at the office) rounds to 0, which the first band
 * (starting at 0) holds. Throws RangeError for a negative or non-finite distance.
 */
export function chargeableKm(distanceKm: number): number {
  if (!Number.isFinite(distanceKm) || distanceKm < 0) {
    throw new RangeError(`Distance must be a non-negative number of km, got ${String(distanceKm)}`);
  }
  if (distanceKm >= 0.1 && distanceKm <= 1) return 1;
  return Math.round(distanceKm);
}
