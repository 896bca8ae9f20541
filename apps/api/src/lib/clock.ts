/** The time source of the server; tests pass one they can move forward. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

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
