import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { cartKey, refreshCart } from './cart-api.ts';

/** A server cart whose first read answers only when told to, with what it held when it was sent. */
function slowFirstRead() {
  const held: string[] = [];
  let release = () => {};
  let reads = 0;
  const queryFn = () => {
    reads += 1;
    const answer = [...held];
    if (reads > 1) return Promise.resolve(answer);
    return new Promise<string[]>((resolve) => {
      release = () => resolve(answer);
    });
  };
  return {
    queryFn,
    write: (sku: string) => held.push(sku),
    releaseFirstRead: () => release(),
    reads: () => reads,
  };
}

describe('refreshCart', () => {
  it('shows a write made while the first read, sent before it, was still on its way', async () => {
    const client = new QueryClient();
    const server = slowFirstRead();
    const observer = new QueryObserver(client, {
      queryKey: cartKey('u1'),
      queryFn: server.queryFn,
      staleTime: 30_000,
    });
    const stop = observer.subscribe(() => {});
    expect(server.reads()).toBe(1);

    server.write('TEE-BLK-M');
    const refreshed = refreshCart(client, 'u1');
    server.releaseFirstRead();
    await refreshed;

    expect(server.reads()).toBe(2);
    expect(client.getQueryData(cartKey('u1'))).toEqual(['TEE-BLK-M']);
    stop();
  });

  it('reads a cart that already has data again', async () => {
    const client = new QueryClient();
    const held: string[] = [];
    client.setQueryData(cartKey('u1'), [...held]);
    const observer = new QueryObserver(client, {
      queryKey: cartKey('u1'),
      queryFn: () => Promise.resolve([...held]),
      staleTime: 30_000,
    });
    const stop = observer.subscribe(() => {});
    held.push('TEE-BLK-M');
    await refreshCart(client, 'u1');
    expect(client.getQueryData(cartKey('u1'))).toEqual(['TEE-BLK-M']);
    stop();
  });
});
