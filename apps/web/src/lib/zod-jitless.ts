/**
 * Zod compiles object schemas with `new Function` when it may, and finds out by trying once, the
 * first time an object is parsed. The shop's CSP (`script-src 'self'`, no 'unsafe-eval') refuses
 * it: zod catches the refusal, but Chrome still reports a CSP violation (Lighthouse best practices
 * "Issues were logged in the Issues panel" on checkout, my account and the sign-in forms).
 * Jitless mode skips the try. Zod keeps its settings on globalThis, so they are set here without
 * loading zod (the entry stays small); both entries import this module first, before any parse.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;

export {};
