import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { WorkQueue } from './work-queue.ts';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Costs as long as a wrong password and is always false (for an unknown email). */
  verifyNothing(password: string): Promise<false>;
}

/**
 * argon2id (`@node-rs/argon2` defaults) behind a small queue: at most `concurrency` hashes at
 * once (libuv's pool has 4 threads that file and DNS work share), `maxWaiting` more in line,
 * the rest refused with a 503 so a flood cannot starve the server.
 */
export function argon2Hasher(
  o: { concurrency: number; maxWaiting: number } = { concurrency: 2, maxWaiting: 200 },
): PasswordHasher {
  const queue = new WorkQueue({
    ...o,
    busyMessage: 'Too many sign-ins at this moment. Please try again in a few seconds.',
  });
  const dummyHash = hash(randomBytes(16).toString('hex'));
  return {
    hash: (password) => queue.run(() => hash(password)),
    verify: (passwordHash, password) => queue.run(() => verify(passwordHash, password)),
    verifyNothing: async (password) => {
      const dummy = await dummyHash;
      await queue.run(() => verify(dummy, password));
      return false;
    },
  };
}
