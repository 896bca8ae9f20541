import { describe, expect, it } from 'vitest';
import {
  defaultRendition,
  imageAtWidth,
  imageSrcSet,
  parseRenditions,
  renditionFolder,
  renditionUrl,
  renditionWidths,
} from './image-renditions.ts';

const base = '/api/uploads/products/urbanroll/0123456789abcdef-320-640-1024';

describe('renditionWidths', () => {
  it('makes each standard width the original reaches, never wider', () => {
    expect(renditionWidths(4000)).toEqual([320, 640, 1024, 1600]);
    expect(renditionWidths(1600)).toEqual([320, 640, 1024, 1600]);
    expect(renditionWidths(1024)).toEqual([320, 640, 1024]);
  });
  it('adds the original width when it is well past the last standard one', () => {
    expect(renditionWidths(1500)).toEqual([320, 640, 1024, 1500]);
    expect(renditionWidths(700)).toEqual([320, 640]);
    expect(renditionWidths(200)).toEqual([200]);
    expect(renditionWidths(1)).toEqual([1]);
  });
  it('refuses a width that is not a positive integer', () => {
    expect(() => renditionWidths(0)).toThrow(RangeError);
    expect(() => renditionWidths(1.5)).toThrow(RangeError);
  });
});

describe('defaultRendition', () => {
  it('is 640 when made, else the widest below it', () => {
    expect(defaultRendition([320, 640, 1024])).toBe(640);
    expect(defaultRendition([320, 500])).toBe(500);
    expect(defaultRendition([200])).toBe(200);
  });
});

describe('stored URLs', () => {
  it('parses a rendition URL into its folder and widths', () => {
    expect(parseRenditions(`${base}/640.webp`)).toEqual({ base, widths: [320, 640, 1024] });
    expect(renditionFolder('0123456789abcdef', [320, 640, 1024])).toBe(base.split('/').at(-1));
    expect(renditionUrl(base, 320)).toBe(`${base}/320.webp`);
  });
  it('builds srcset for renditions and nothing for plain URLs', () => {
    expect(imageSrcSet(`${base}/640.webp`)).toBe(
      `${base}/320.webp 320w, ${base}/640.webp 640w, ${base}/1024.webp 1024w`,
    );
    expect(imageSrcSet('/api/uploads/urbanroll/products/skate.svg')).toBeUndefined();
    expect(imageSrcSet('https://example.com/a.webp')).toBeUndefined();
    expect(imageSrcSet('')).toBeUndefined();
  });
  it('refuses a name that is not one of its widths or tries to leave the folder', () => {
    expect(parseRenditions(`${base}/800.webp`)).toBeNull();
    expect(parseRenditions('/api/uploads/products/../x/0123456789abcdef-320/320.webp')).toBeNull();
    expect(parseRenditions(`${base}/640.svg`)).toBeNull();
  });
  it('picks the smallest rendition at least as wide as asked', () => {
    expect(imageAtWidth(`${base}/640.webp`, 100)).toBe(`${base}/320.webp`);
    expect(imageAtWidth(`${base}/640.webp`, 700)).toBe(`${base}/1024.webp`);
    expect(imageAtWidth(`${base}/640.webp`, 3000)).toBe(`${base}/1024.webp`);
    expect(imageAtWidth('/plain.png', 100)).toBe('/plain.png');
  });
});
