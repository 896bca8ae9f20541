import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routerReady } from './router-ready.ts';

/** A router whose first page is a lazy chunk that arrives when `arrive()` is called. */
function routerWithLazyPage() {
  let arrive!: () => void;
  const chunk = new Promise<{ Component: () => null }>((resolve) => {
    arrive = () => resolve({ Component: () => null });
  });
  const router = createMemoryRouter([{ path: '/', lazy: () => chunk }], { initialEntries: ['/'] });
  return { router, arrive };
}

describe('routerReady', () => {
  it('waits for the first page’s chunk, then resolves', async () => {
    const { router, arrive } = routerWithLazyPage();
    let ready = false;
    const done = routerReady(router).then(() => (ready = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(ready).toBe(false);
    arrive();
    await done;
    expect(router.state.initialized).toBe(true);
    router.dispose();
  });

  it('resolves at once for a router already initialized', async () => {
    const router = createMemoryRouter([{ path: '/', Component: () => null }]);
    expect(router.state.initialized).toBe(true);
    await expect(routerReady(router)).resolves.toBeUndefined();
    router.dispose();
  });

  it('resolves when the chunk fails to load, so the error element can show', async () => {
    const router = createMemoryRouter(
      [{ path: '/', lazy: () => Promise.reject(new Error('chunk failed')) }],
      { initialEntries: ['/'] },
    );
    await routerReady(router);
    expect(router.state.errors).not.toBeNull();
    router.dispose();
  });
});
