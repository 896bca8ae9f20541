/**
 * A fresh Idempotency-Key for one checkout attempt: 32 random hex digits (the API takes 8 to 200
 * visible ASCII characters).
 */
export function newAttemptKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
