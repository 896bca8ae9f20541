import { expect, it, vi } from 'vitest';

it('lets zod parse objects without trying new Function (the CSP would report it)', async () => {
  await import('./zod-jitless.ts');
  const compile = vi.spyOn(globalThis, 'Function');
  const { z } = await import('zod');
  expect(z.object({ email: z.string() }).parse({ email: 'asha@example.com' })).toEqual({
    email: 'asha@example.com',
  });
  expect(compile).not.toHaveBeenCalled();
});
