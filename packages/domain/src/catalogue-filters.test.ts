import { describe, expect, it } from 'vitest';
import {
  COURSES_CATEGORY,
  categoryMatches,
  isCourse,
  normalizeCategory,
  suggestTitles,
} from './catalogue-filters.ts';

describe('normalizeCategory', () => {
  it.each([
    ['T-Shirts', 't-shirts'],
    ['  Hoodies  ', 'hoodies'],
    ['\tCOURSES\n', 'courses'],
    ['', ''],
    ['Inline Skates', 'inline skates'],
  ])('%j -> %j', (input, expected) => {
    expect(normalizeCategory(input)).toBe(expected);
  });
});

describe('categoryMatches: case-insensitive and trimmed', () => {
  it.each([
    ['t-shirts', 't-shirts', true],
    ['T-Shirts', '  t-shirts ', true],
    [' Hoodies', 'HOODIES', true],
    ['hoodies', 'hoodie', false],
    ['track pants', 'trackpants', false],
    ['inline skates', 'inline  skates', false],
    ['', '', true],
    ['hoodies', '', false],
  ])('%j vs filter %j -> %s', (category, filter, expected) => {
    expect(categoryMatches(category, filter)).toBe(expected);
  });
});

describe('isCourse: course items are products in the category courses', () => {
  it('uses the courses category', () => {
    expect(COURSES_CATEGORY).toBe('courses');
  });

  it.each([
    ['courses', true],
    ['Courses', true],
    [' COURSES ', true],
    ['course', false],
    ['skating courses', false],
    ['hoodies', false],
    ['', false],
  ])('%j -> %s', (category, expected) => {
    expect(isCourse({ category })).toBe(expected);
  });
});

describe('suggestTitles: titles containing the text, de-duplicated, at most 8', () => {
  const titles = [
    'Inline Skates Pro',
    'Kids Inline Skates',
    'Skate Helmet',
    'inline skates pro',
    'Hoodie Black',
    'Skating Course Beginner',
    'SKATE HELMET',
  ];

  it('matches case-insensitively anywhere in the title, keeping the order', () => {
    expect(suggestTitles(titles, 'SKAT')).toEqual([
      'Inline Skates Pro',
      'Kids Inline Skates',
      'Skate Helmet',
      'Skating Course Beginner',
    ]);
  });

  it('does not match a word that only shares a stem', () => {
    expect(suggestTitles(titles, 'skates')).toEqual(['Inline Skates Pro', 'Kids Inline Skates']);
  });

  it('de-duplicates case-insensitively and keeps the first spelling', () => {
    expect(suggestTitles(titles, 'inline skates pro')).toEqual(['Inline Skates Pro']);
    expect(suggestTitles(['A  b', 'a  B', ' A  B '], 'a')).toEqual(['A  b']);
  });

  it('trims the text', () => {
    expect(suggestTitles(titles, '  hoodie  ')).toEqual(['Hoodie Black']);
  });

  it('gives [] for empty or blank text', () => {
    expect(suggestTitles(titles, '')).toEqual([]);
    expect(suggestTitles(titles, '   ')).toEqual([]);
  });

  it('gives [] when nothing matches', () => {
    expect(suggestTitles(titles, 'zzz')).toEqual([]);
    expect(suggestTitles([], 'skate')).toEqual([]);
  });

  it('is limited to 8 by default', () => {
    const many = Array.from({ length: 12 }, (_, i) => `Tee ${i + 1}`);
    expect(suggestTitles(many, 'tee')).toEqual(many.slice(0, 8));
    expect(suggestTitles(many.slice(0, 8), 'tee')).toHaveLength(8);
    expect(suggestTitles(many.slice(0, 7), 'tee')).toHaveLength(7);
  });

  it('counts the limit after de-duplication', () => {
    const withDupes = [
      'Tee 1',
      'TEE 1',
      'tee 1',
      ...Array.from({ length: 9 }, (_, i) => `Tee ${i + 2}`),
    ];
    expect(suggestTitles(withDupes, 'tee')).toEqual([
      'Tee 1',
      'Tee 2',
      'Tee 3',
      'Tee 4',
      'Tee 5',
      'Tee 6',
      'Tee 7',
      'Tee 8',
    ]);
  });

  it('honours a custom max, and gives [] for max 0 or less', () => {
    expect(suggestTitles(titles, 'skate', 2)).toEqual(['Inline Skates Pro', 'Kids Inline Skates']);
    expect(suggestTitles(titles, 'skate', 0)).toEqual([]);
    expect(suggestTitles(titles, 'skate', -3)).toEqual([]);
    expect(suggestTitles(titles, 'skate', NaN)).toEqual([]);
  });

  it('does not treat the text as a pattern', () => {
    expect(suggestTitles(['Tee (XL)', 'Tee XL'], '(xl)')).toEqual(['Tee (XL)']);
    expect(suggestTitles(['a.b', 'axb'], '.')).toEqual(['a.b']);
  });
});
