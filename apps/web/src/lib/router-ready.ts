import type { createBrowserRouter } from 'react-router';

type DataRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Resolves once the router has loaded the first page's route modules (each page is a lazy
 * chunk). Rendering before that renders nothing until the chunk arrives, which wipes the frame
 * index.html draws for first paint (a blank screen on a slow phone); rendering after it replaces
 * the frame with the page itself. A chunk that fails to load also resolves it (the route's
 * error element shows).
 */
export function routerReady(router: DataRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
