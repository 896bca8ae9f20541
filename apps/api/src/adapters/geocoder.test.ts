import { describe, expect, it } from 'vitest';
import { googleGeocoder } from './geocoder.ts';

const query = {
  storeId: 'urbanroll',
  address: '12 Carter Road',
  area: 'Bandra West',
  city: 'Mumbai',
  pincode: '400050',
};

function fakeFetch(answer: unknown, seen: URL[] = [], fail = false): typeof fetch {
  return (input) => {
    seen.push(new URL(input instanceof Request ? input.url : input.toString()));
    if (fail) return Promise.reject(new Error('network down'));
    return Promise.resolve(new Response(JSON.stringify(answer)));
  };
}

describe('googleGeocoder', () => {
  const warnings: object[] = [];
  const log = { warn: (obj: object) => warnings.push(obj) };

  it('asks for the whole address in India with the key and reads the first result', async () => {
    const seen: URL[] = [];
    const geocoder = googleGeocoder(
      'test-key',
      log,
      fakeFetch(
        { status: 'OK', results: [{ geometry: { location: { lat: 19.06, lng: 72.82 } } }] },
        seen,
      ),
    );
    expect(await geocoder.locate(query)).toEqual({ latitude: 19.06, longitude: 72.82 });
    expect(seen[0]!.searchParams.get('address')).toBe(
      '12 Carter Road, Bandra West, Mumbai, 400050, India',
    );
    expect(seen[0]!.searchParams.get('key')).toBe('test-key');
    expect(seen[0]!.searchParams.get('region')).toBe('in');
  });

  it('answers null and logs when nothing is found or the call fails', async () => {
    expect(
      await googleGeocoder('k', log, fakeFetch({ status: 'ZERO_RESULTS', results: [] })).locate(
        query,
      ),
    ).toBeNull();
    expect(await googleGeocoder('k', log, fakeFetch({}, [], true)).locate(query)).toBeNull();
    expect(warnings).toHaveLength(2);
  });
});
