/**
 * Uploaded images are stored as WebP renditions at a few widths (decision 0021). The stored URL
 * is one rendition (640 px wide, or the widest when the original is narrower) in a folder whose
 * name lists every width made: `/api/uploads/products/<store>/<16 hex>-320-640-1024/640.webp`.
 * Any other URL (the seed's artwork, an outside link) is a plain image without renditions.
 */

/** The widths made for an upload, never wider than the original. */
export const RENDITION_WIDTHS = [320, 640, 1024, 1600] as const;

/** The rendition a stored URL points at when the original is wide enough. */
export const DEFAULT_RENDITION_WIDTH = 640;

/**
 * The widths to make for an original `width` px wide: each standard width it reaches, and the
 * original width itself when it is narrower than the widest and more than 20% past the last.
 */
export function renditionWidths(width: number): number[] {
  if (!Number.isInteger(width) || width < 1)
    throw new RangeError('width must be a positive integer');
  const made: number[] = RENDITION_WIDTHS.filter((w) => w <= width);
  const last = made.at(-1);
  if (last === undefined || (width < RENDITION_WIDTHS.at(-1)! && width > last * 1.2)) {
    made.push(width);
  }
  return made;
}

/** The width of the rendition a stored URL names, from the widths made. */
export function defaultRendition(widths: readonly number[]): number {
  return widths.includes(DEFAULT_RENDITION_WIDTH)
    ? DEFAULT_RENDITION_WIDTH
    : Math.max(...widths.filter((w) => w < DEFAULT_RENDITION_WIDTH));
}

/** The folder name of an upload: its random id and the widths made. */
export const renditionFolder = (id: string, widths: readonly number[]) =>
  `${id}-${widths.join('-')}`;

const RENDITION_URL =
  /^(?<base>(?:https?:\/\/[^/]+)?\/api\/uploads\/(?:products|media)\/[a-z0-9_-]{1,64}\/[0-9a-f]{16}(?<widths>(?:-\d{1,4}){1,8}))\/(?<width>\d{1,4})\.webp$/;

export interface Renditions {
  /** The folder URL, without the trailing slash. */
  base: string;
  widths: number[];
}

/** The renditions a stored URL stands for, or null for a plain image URL. */
export function parseRenditions(url: string): Renditions | null {
  const m = RENDITION_URL.exec(url);
  if (!m?.groups) return null;
  const widths = m.groups.widths!.slice(1).split('-').map(Number);
  if (!widths.includes(Number(m.groups.width))) return null;
  return { base: m.groups.base!, widths };
}

/** The URL of one rendition in a folder. */
export const renditionUrl = (base: string, width: number) => `${base}/${String(width)}.webp`;

/** `srcset` for a stored image URL (`…/320.webp 320w, …`), or undefined for a plain one. */
export function imageSrcSet(url: string): string | undefined {
  const r = parseRenditions(url);
  if (!r) return undefined;
  return r.widths.map((w) => `${renditionUrl(r.base, w)} ${String(w)}w`).join(', ');
}

/** The smallest rendition at least `width` px wide (or the widest), or the URL itself. */
export function imageAtWidth(url: string, width: number): string {
  const r = parseRenditions(url);
  if (!r) return url;
  const w = r.widths.find((x) => x >= width) ?? r.widths.at(-1)!;
  return renditionUrl(r.base, w);
}

/**
 * `sizes` of the storefront's images, from their layout (Tailwind breakpoints sm 640, md 768,
 * lg 1024, xl 1280; content at most 1152 px wide). The server's first-screen preload uses the
 * same strings, so the browser fetches the rendition the page then shows.
 */
export const IMAGE_SIZES = {
  /** A product card in the listing grid: 2, 3, 4 or 5 columns. */
  card: '(min-width: 1280px) 20vw, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw',
  /** The product page's main photo: full width on a phone, half the page from md. */
  gallery: '(min-width: 1200px) 560px, (min-width: 768px) 50vw, 100vw',
  /** A cart line's thumbnail (w-20, sm:w-28). */
  cartLine: '(min-width: 640px) 112px, 80px',
  /** A 64 px thumbnail. */
  thumb: '64px',
} as const;
