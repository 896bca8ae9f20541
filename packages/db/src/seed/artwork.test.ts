import { describe, expect, it } from 'vitest';
import {
  ARTWORK_KINDS,
  bannerSvg,
  categoryIconSvg,
  escapeXml,
  productArtworkSvg,
  renderArtwork,
  wrapText,
} from './artwork.ts';
import { svgProblems } from './svg-check.ts';

const textOf = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);

describe('productArtworkSvg', () => {
  it.each(ARTWORK_KINDS)('draws a well-formed, small 600x600 picture of a %s', (kind) => {
    for (const color of ['#1f2933', '#f5f5f4', '#d4a017', '#7c3aed', 'not-a-colour']) {
      const svg = productArtworkSvg({ title: `Demo ${kind}`, kind, color, accent: '#f59e0b' });
      expect(svgProblems(svg)).toEqual([]);
      expect(svg).toContain('viewBox="0 0 600 600"');
      expect(svg).toContain('linearGradient');
      expect(svg.length).toBeLessThan(6 * 1024);
      expect(svg).not.toMatch(/<image|href=|@import|url\((?!#)/);
    }
  });

  it('escapes & and < in the title', () => {
    const svg = productArtworkSvg({ title: 'Tees & <Hoodies>', kind: 'tshirt', color: '#123456' });
    expect(svgProblems(svg)).toEqual([]);
    expect(svg).toContain('Tees &amp; &lt;Hoodies&gt;');
    expect(svg).not.toContain('<Hoodies>');
    expect(textOf(svg)).toEqual(['Tees &amp; &lt;Hoodies&gt;']);
  });

  it('wraps long names to two lines and shortens longer ones', () => {
    const two = productArtworkSvg({
      title: 'Rookie Adjustable Inline Skates (Kids)',
      kind: 'inline-skate',
      color: '#ec4899',
    });
    expect(textOf(two)).toEqual(['Rookie Adjustable', 'Inline Skates (Kids)']);
    const long = productArtworkSvg({
      title: 'A very long product name that goes on and on well beyond what two lines can hold',
      kind: 'bag',
      color: '#0ea5e9',
    });
    const lines = textOf(long);
    expect(lines).toHaveLength(2);
    expect(lines[1]?.endsWith('…')).toBe(true);
  });

  it('is deterministic', () => {
    const input = { title: 'Same', kind: 'cap' as const, color: '#111827' };
    expect(productArtworkSvg(input)).toBe(productArtworkSvg(input));
  });
});

describe('bannerSvg and categoryIconSvg', () => {
  it('draws a wide banner with escaped text, and a text-free background', () => {
    const svg = bannerSvg({
      title: 'Skates & Gear',
      subtitle: 'Save <big> this week',
      tag: 'Flat 15% off',
      cta: 'Shop now',
      kind: 'inline-skate',
      color: '#1e3a8a',
    });
    expect(svgProblems(svg)).toEqual([]);
    expect(svg).toContain('viewBox="0 0 1200 500"');
    expect(svg).toContain('Skates &amp; Gear');
    expect(svg).toContain('Save &lt;big&gt; this week');
    expect(svg.length).toBeLessThan(6 * 1024);
    const plain = bannerSvg({ title: '', kind: 'hoodie', color: '#f5f5f4' });
    expect(svgProblems(plain)).toEqual([]);
    expect(textOf(plain)).toEqual([]);
  });

  it.each(ARTWORK_KINDS)('draws a %s category icon without text', (kind) => {
    const svg = categoryIconSvg(kind, '#0f766e');
    expect(svgProblems(svg)).toEqual([]);
    expect(svg.length).toBeLessThan(6 * 1024);
    if (kind !== 'jersey') expect(textOf(svg)).toEqual([]);
  });

  it('renders specs of every type', () => {
    expect(renderArtwork({ type: 'category', kind: 'bag', color: '#000' })).toBe(
      categoryIconSvg('bag', '#000'),
    );
    expect(
      svgProblems(
        renderArtwork({ type: 'banner', input: { title: 'x', kind: 'kit', color: '#f00' } }),
      ),
    ).toEqual([]);
  });
});

describe('svgProblems (the test helper)', () => {
  it('catches broken markup', () => {
    const ns = 'xmlns="http://www.w3.org/2000/svg"';
    expect(svgProblems(`<svg ${ns}><g></svg>`)).not.toEqual([]);
    expect(svgProblems(`<svg ${ns}><path d="M0 0" d="M1 1"/></svg>`)).not.toEqual([]);
    expect(svgProblems(`<svg ${ns}><text>a & b</text></svg>`)).not.toEqual([]);
    expect(svgProblems(`<svg ${ns}><text>a < b</text></svg>`)).not.toEqual([]);
    expect(svgProblems(`<svg ${ns}><text>a &amp; b</text></svg>`)).toEqual([]);
  });
});

describe('text helpers', () => {
  it('escapes the five XML specials', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
  });

  it('wraps by words', () => {
    expect(wrapText('one two three', 7, 2)).toEqual(['one two', 'three']);
    expect(wrapText('Urban Roll Classic Logo Tee', 26, 2)).toEqual([
      'Urban Roll',
      'Classic Logo Tee',
    ]);
    expect(wrapText('Short name', 26, 2)).toEqual(['Short name']);
    expect(wrapText('one two three four', 7, 2)).toEqual(['one two', 'three…']);
    expect(wrapText('supercalifragilistic', 8, 2)).toEqual(['superca…']);
  });
});
