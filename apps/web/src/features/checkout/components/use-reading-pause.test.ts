import { act, fireEvent, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useReadingPause } from './use-reading-pause.ts';

describe('useReadingPause: the result pages move on after 2 s unless the shopper is reading', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  const start = (enabled = true) => {
    const onMove = vi.fn();
    const hook = renderHook(({ on }) => useReadingPause(onMove, { delayMs: 2000, enabled: on }), {
      initialProps: { on: enabled },
    });
    return { onMove, hook };
  };
  const wait = (ms: number) =>
    act(() => {
      vi.advanceTimersByTime(ms);
    });

  it('moves on after 2 s when untouched, once', () => {
    const { onMove, hook } = start();
    wait(1999);
    expect(onMove).not.toHaveBeenCalled();
    wait(1);
    expect(onMove).toHaveBeenCalledTimes(1);
    expect(hook.result.current.paused).toBe(false);
    wait(10_000);
    expect(onMove).toHaveBeenCalledTimes(1);
  });

  it('waits while a finger is on the page, then gives the full 2 s again after it lifts', () => {
    const { onMove, hook } = start();
    wait(1500);
    act(() => {
      fireEvent.pointerDown(document.body);
    });
    expect(hook.result.current.paused).toBe(true);
    wait(30_000);
    expect(onMove).not.toHaveBeenCalled();
    act(() => {
      fireEvent.pointerUp(document.body);
    });
    expect(hook.result.current.paused).toBe(false);
    wait(1999);
    expect(onMove).not.toHaveBeenCalled();
    wait(1);
    expect(onMove).toHaveBeenCalledTimes(1);
  });

  it('starts the 2 s again after each scroll', () => {
    const { onMove } = start();
    wait(1500);
    act(() => {
      fireEvent.scroll(window);
    });
    wait(1500);
    act(() => {
      fireEvent.scroll(window);
    });
    wait(1999);
    expect(onMove).not.toHaveBeenCalled();
    wait(1);
    expect(onMove).toHaveBeenCalledTimes(1);
  });

  it('waits while a control has the focus, and resumes when it leaves the controls', () => {
    const button = document.createElement('button');
    document.body.append(button);
    const { onMove, hook } = start();
    act(() => button.focus());
    expect(hook.result.current.paused).toBe(true);
    wait(10_000);
    expect(onMove).not.toHaveBeenCalled();
    act(() => button.blur());
    wait(2000);
    expect(onMove).toHaveBeenCalledTimes(1);
  });

  it('does not count a focused heading (focus moved there on arrival) as reading', () => {
    const heading = document.createElement('h1');
    heading.tabIndex = -1;
    document.body.append(heading);
    const { onMove } = start();
    act(() => heading.focus());
    wait(2000);
    expect(onMove).toHaveBeenCalledTimes(1);
  });

  it('schedules nothing while disabled, and the full 2 s once enabled', () => {
    const { onMove, hook } = start(false);
    wait(10_000);
    expect(onMove).not.toHaveBeenCalled();
    expect(hook.result.current.paused).toBe(false);
    hook.rerender({ on: true });
    wait(1999);
    expect(onMove).not.toHaveBeenCalled();
    wait(1);
    expect(onMove).toHaveBeenCalledTimes(1);
  });

  it('stops listening once unmounted', () => {
    const { onMove, hook } = start();
    hook.unmount();
    wait(5000);
    act(() => {
      fireEvent.pointerUp(document.body);
    });
    wait(5000);
    expect(onMove).not.toHaveBeenCalled();
  });
});
