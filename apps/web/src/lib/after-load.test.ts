import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterLoadIdle } from './after-load.ts';

describe('afterLoadIdle', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('runs the task later, not in the calling task, once the page has loaded', async () => {
    const task = vi.fn();
    afterLoadIdle(task);
    expect(task).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(task).toHaveBeenCalledTimes(1));
  });

  it('waits for the load event while the page is still loading', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const task = vi.fn();
    afterLoadIdle(task);
    await new Promise((r) => setTimeout(r, 10));
    expect(task).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(task).toHaveBeenCalledTimes(1));
  });

  it('does not run a cancelled task, before or after the load event', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const beforeLoad = vi.fn();
    afterLoadIdle(beforeLoad)();
    window.dispatchEvent(new Event('load'));
    vi.restoreAllMocks();
    const afterLoad = vi.fn();
    afterLoadIdle(afterLoad)();
    await new Promise((r) => setTimeout(r, 10));
    expect(beforeLoad).not.toHaveBeenCalled();
    expect(afterLoad).not.toHaveBeenCalled();
  });
});
