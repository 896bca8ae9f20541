/**
 * Runs `task` once the page has loaded and the main thread is idle (requestIdleCallback, or a
 * zero-delay timeout where the browser has none), so work nobody waits for stays out of the first
 * screen's tasks. Returns a function that cancels it if it has not run yet.
 */
export function afterLoadIdle(task: () => void, timeoutMs = 2000): () => void {
  let cancelIdle: (() => void) | undefined;
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(task, { timeout: timeoutMs });
      cancelIdle = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(task, 0);
      cancelIdle = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') {
    whenIdle();
    return () => cancelIdle?.();
  }
  window.addEventListener('load', whenIdle, { once: true });
  return () => {
    window.removeEventListener('load', whenIdle);
    cancelIdle?.();
  };
}
