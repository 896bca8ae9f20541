import { describe, expect, it } from 'vitest';
import { contentSlugProblem, pageScriptProblem, reorderProblem } from './content-admin.ts';

describe('contentSlugProblem', () => {
  it('accepts dashed lower-case words', () => {
    expect(contentSlugProblem('careers')).toBeNull();
    expect(contentSlugProblem('terms-2025')).toBeNull();
  });
  it.each(['', 'Careers', 'a--b', '-a', 'a/b', '../etc', 'a b', 'x'.repeat(81)])(
    'refuses %j',
    (slug) => {
      expect(contentSlugProblem(slug)).not.toBeNull();
    },
  );
});

describe('pageScriptProblem', () => {
  it('accepts an https address', () => {
    expect(pageScriptProblem('https://www.googletagmanager.com/gtag/js?id=G-1')).toBeNull();
  });
  it.each([
    'http://example.com/a.js',
    'javascript:alert(1)',
    'data:text/javascript,alert(1)',
    '//example.com/a.js',
    'alert(1)',
    'https://u:p@example.com/a.js',
  ])('refuses %j', (src) => {
    expect(pageScriptProblem(src)).not.toBeNull();
  });
});

describe('reorderProblem', () => {
  it('accepts a permutation', () => {
    expect(reorderProblem(['a', 'b', 'c'], ['c', 'a', 'b'])).toBeNull();
  });
  it('refuses a repeat, a stranger and a missing id', () => {
    expect(reorderProblem(['a', 'b'], ['a', 'a'])).toContain('twice');
    expect(reorderProblem(['a', 'b'], ['a', 'z'])).toContain('z');
    expect(reorderProblem(['a', 'b', 'c'], ['a', 'b'])).toContain('3 expected');
  });
});
