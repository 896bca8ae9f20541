import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import type { StoredImage } from '@shop/contracts';
import {
  defaultRendition,
  parseRenditions,
  renditionFolder,
  renditionUrl,
  renditionWidths,
} from '@shop/domain';
import { BadRequest } from '../../lib/errors.ts';

/** Where an upload goes under the uploads folder: a product's photos or a content image. */
export type ImageKind = 'products' | 'media';

/** The raster formats sharp reads that an upload may be (HEIC only if this sharp decodes it). */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'heif']);
const STORE_ID = /^[a-z0-9_-]{1,64}$/;
const URL_PREFIX = '/api/uploads/';

export interface ImagesOptions {
  /** DATA_DIR/uploads, served under /api/uploads/. */
  uploadsDir: string;
  maxBytes: number;
  maxPixels: number;
}

/** The image as described to the stored URLs' readers. */
export const describeImage = (url: string): StoredImage => ({
  url,
  widths: parseRenditions(url)?.widths ?? [],
});

/**
 * Uploaded images (decision 0021): checks by content that a file is a raster image within the
 * size and pixel limits, and writes WebP renditions (metadata stripped, turned upright) under
 * uploads/<kind>/<store>/<random>-<widths>/<width>.webp, names the server chose. No database:
 * the service that keeps the URL writes it (and its audit entry) in its own transaction, and
 * calls `remove` after a rollback or once the URL is no longer used.
 */
export class ImagesService {
  private readonly root: string;

  constructor(private readonly o: ImagesOptions) {
    this.root = path.resolve(o.uploadsDir);
  }

  get maxBytes(): number {
    return this.o.maxBytes;
  }

  /** Checks `data` and stores its renditions; a bad file is a 400 naming `field`. */
  async store(kind: ImageKind, storeId: string, data: Buffer, field: string): Promise<StoredImage> {
    if (!STORE_ID.test(storeId)) throw new Error(`unexpected store id ${storeId}`);
    if (data.length > this.o.maxBytes) {
      throw new BadRequest(this.tooLarge(), field);
    }
    const notImage = new BadRequest(
      'Not a photo we can read. Send a JPEG, PNG, WebP or AVIF image.',
      field,
    );
    let meta: Metadata;
    try {
      meta = await sharp(data, { failOn: 'error' }).metadata();
    } catch {
      throw notImage;
    }
    if (!ACCEPTED.has(meta.format) || !meta.width || !meta.height) throw notImage;
    if (meta.width * meta.height > this.o.maxPixels) {
      throw new BadRequest(
        `The photo has too many pixels (at most ${String(Math.floor(this.o.maxPixels / 1e6))} megapixels).`,
        field,
      );
    }
    const width = meta.autoOrient?.width ?? meta.width;
    const widths = renditionWidths(width);
    const folder = renditionFolder(randomBytes(8).toString('hex'), widths);
    const relative = path.posix.join(kind, storeId, folder);
    const dir = this.inside(relative);
    try {
      const files = await Promise.all(
        widths.map(async (w) => ({
          w,
          // rotate() with no angle turns the photo upright by its EXIF orientation; the output
          // keeps no metadata (EXIF, GPS, XMP, ICC) since withMetadata() is never called.
          body: await sharp(data, { failOn: 'error', limitInputPixels: this.o.maxPixels })
            .rotate()
            .resize({ width: w, withoutEnlargement: true })
            .webp({ quality: 80 })
            .toBuffer(),
        })),
      );
      await mkdir(dir, { recursive: true });
      for (const f of files) await writeFile(path.join(dir, `${String(f.w)}.webp`), f.body);
    } catch (err) {
      await rm(dir, { recursive: true, force: true });
      // A file system error (it has a code) is ours; anything sharp refused is the file's.
      if (err instanceof Error && !('code' in err)) throw notImage;
      throw err;
    }
    const url = renditionUrl(`${URL_PREFIX}${relative}`, defaultRendition(widths));
    return { url, widths };
  }

  /** Deletes the renditions of uploads by their stored URLs; other URLs are left alone. */
  async remove(urls: readonly string[]): Promise<void> {
    for (const url of urls) {
      const r = parseRenditions(url);
      if (!r?.base.startsWith(URL_PREFIX)) continue;
      await rm(this.inside(r.base.slice(URL_PREFIX.length)), { recursive: true, force: true });
    }
  }

  tooLarge(): string {
    return `The photo is too large (at most ${String(Math.floor(this.o.maxBytes / 1024 / 1024))} MB).`;
  }

  /** A folder under products/ or media/ of the uploads folder, never outside it. */
  private inside(relative: string): string {
    const dir = path.resolve(this.root, relative);
    const allowed = [path.join(this.root, 'products'), path.join(this.root, 'media')];
    if (!allowed.some((a) => dir.startsWith(a + path.sep))) {
      throw new Error(`refusing a path outside the uploads folder: ${relative}`);
    }
    return dir;
  }
}
