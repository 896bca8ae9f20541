import { describe, expect, it } from 'vitest';
import { allowedDistance, editDistance, Vocabulary, wordKey } from './close-words.ts';

describe('wordKey', () => {
  it('folds case, hyphens, apostrophes and plurals', () => {
    expect(wordKey('T-Shirts')).toBe('tshirt');
    expect(wordKey('tshirt')).toBe('tshirt');
    expect(wordKey('hoodies')).toBe('hoody');
    expect(wordKey('hoodie')).toBe('hoody');
    expect(wordKey('hoody')).toBe('hoody');
    expect(wordKey('boxes')).toBe('box');
    expect(wordKey('shoes')).toBe('shoe');
    expect(wordKey('glasses')).toBe('glass');
    expect(wordKey('women’s')).toBe('women');
    expect(wordKey('bus')).toBe('bus');
  });
});

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and adjacent swaps', () => {
    expect(editDistance('helmt', 'helmet', 2)).toBe(1);
    expect(editDistance('sokc', 'sock', 2)).toBe(1);
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
    expect(editDistance('same', 'same', 0)).toBe(0);
  });

  it('stops past the limit', () => {
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
    expect(editDistance('a', 'abcdefgh', 2)).toBe(3);
  });

  it('allows more edits to longer words', () => {
    expect(allowedDistance('ab')).toBe(0);
    expect(allowedDistance('sock')).toBe(1);
    expect(allowedDistance('helmet')).toBe(2);
  });
});

describe('Vocabulary', () => {
  const postings = new Map([
    ['hoodie', [0, 1, 2]],
    ['hoodies', [0, 1, 2, 3]],
    ['hood', [4]],
    ['helmet', [5]],
  ]);
  const words = new Vocabulary(postings, new Set(['hoodie', 'hoodies', 'helmet']));

  it('finds words of the same key first, the commoner first', () => {
    expect(words.near('hoody', 2).slice(0, 2)).toEqual([
      { lexeme: 'hoodies', distance: 0 },
      { lexeme: 'hoodie', distance: 0 },
    ]);
    expect(words.near('hoody', 2).map((w) => w.lexeme)).toContain('hood');
  });

  it('offers only title and category words when asked', () => {
    expect(words.near('hoox', 2, true).map((w) => w.lexeme)).not.toContain('hood');
  });
});
