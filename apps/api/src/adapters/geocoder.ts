export interface Coordinates {
  latitude: number;
  longitude: number;
}

export interface GeocodeQuery {
  storeId: string;
  address: string;
  area: string;
  city: string;
  pincode: string;
}

/** Finds where an address is; null when it cannot tell (the caller saves without coordinates). */
export interface Geocoder {
  locate(query: GeocodeQuery): Promise<Coordinates | null>;
}

/**
 * The offline geocoder (default): the centre of the pincode from the store's pincode table,
 * which the seed ships with coordinates.
 */
export function pincodeTableGeocoder(
  lookup: (storeId: string, pincode: string) => Promise<Coordinates | null>,
): Geocoder {
  return { locate: (q) => lookup(q.storeId, q.pincode) };
}

interface GoogleGeocodeAnswer {
  status: string;
  results?: { geometry?: { location?: { lat: number; lng: number } } }[];
}

/** Google's Geocoding API, chosen by GEOCODING_API_KEY. Failures are logged, not thrown. */
export function googleGeocoder(
  apiKey: string,
  log: { warn(obj: object, msg: string): void },
  fetchImpl: typeof fetch = fetch,
): Geocoder {
  return {
    async locate(q) {
      const address = [q.address, q.area, q.city, q.pincode, 'India'].filter(Boolean).join(', ');
      const url = new URL('https://maps.googleapis.com/maps/api/geocode/json');
      url.searchParams.set('address', address);
      url.searchParams.set('region', 'in');
      url.searchParams.set('key', apiKey);
      try {
        const res = await fetchImpl(url, { signal: AbortSignal.timeout(5000) });
        const body = (await res.json()) as GoogleGeocodeAnswer;
        const location = body.results?.[0]?.geometry?.location;
        if (body.status !== 'OK' || !location) {
          log.warn({ status: body.status, pincode: q.pincode }, 'geocoding found nothing');
          return null;
        }
        return { latitude: location.lat, longitude: location.lng };
      } catch (err) {
        log.warn({ err, pincode: q.pincode }, 'geocoding failed');
        return null;
      }
    },
  };
}
