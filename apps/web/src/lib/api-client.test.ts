// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStoreId, STORE_META_NAME } from './api-client.ts';

/** api-client.ts loaded again, as a page whose head names `storeId` (or none) starts. */
async function startedWith(storeId: string | null) {
  const meta = document.head.querySelector(`meta[name="${STORE_META_NAME}"]`);
  const before = meta?.getAttribute('content') ?? null;
  if (storeId === null) meta?.remove();
  else meta?.setAttribute('content', storeId);
  vi.resetModules();
  try {
    return await import('./api-client.ts');
  } finally {
    if (storeId === null && meta) document.head.append(meta);
    meta?.setAttribute('content', before ?? '');
  }
}

describe('the store of the page', () => {
  afterEach(() => vi.resetModules());

  it('is the one the server wrote into the page, not one fixed in the build', async () => {
    expect((await startedWith('threadline')).STORE_ID).toBe('threadline');
    expect((await startedWith('myshop')).STORE_ID).toBe('myshop');
  });

  it('is refused with a clear message when the page names none', async () => {
    await expect(startedWith(null)).rejects.toThrow(/This page names no store/);
    const empty = document.implementation.createHTMLDocument('x');
    expect(() => readStoreId(empty)).toThrow(`<meta name="${STORE_META_NAME}">`);
  });
});
