/** The time source of the server; tests pass one they can move forward. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** Waits; tests that exercise slow paths many times (the fuzz suite) pass one that does not. */
export type Sleep = (ms: number) => Promise<void>;

export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A clock for tests: starts at `start` and moves only when told. */
export function manualClock(start = new Date('2026-11-23T10:00:00Z')) {
  let now = start.getTime();
  const clock: Clock = () => new Date(now);
  return Object.assign(clock, {
    advance(ms: number) {
      now += ms;
    },
  });
}
