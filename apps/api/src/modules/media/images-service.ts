import { randomBytes } from 'node:crypto';
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
import type { MediaStore } from '../../adapters/media-store.ts';
import { BadRequest } from '../../lib/errors.ts';

/** Where an upload goes under the uploads folder: a product's photos or a content image. */
export type ImageKind = 'products' | 'media';

/** The raster formats sharp reads that an upload may be (HEIC only if this sharp decodes it). */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'heif']);
const STORE_ID = /^[a-z0-9_-]{1,64}$/;
const URL_PREFIX = '/api/uploads/';

export interface ImagesOptions {
  /** DATA_DIR/uploads or the bucket, served under /api/uploads/ (decision 0038). */
  store: MediaStore;
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
 * size and pixel limits, and writes WebP renditions (metadata stripped, turned upright) to the
 * media store as <kind>/<store>/<random>-<widths>/<width>.webp, names the server chose. No database:
 * the service that keeps the URL writes it (and its audit entry) in its own transaction, and
 * calls `remove` after a rollback or once the URL is no longer used.
 */
export class ImagesService {
  constructor(private readonly imagesDeps: ImagesOptions) {}

  get maxBytes(): number {
    return this.imagesDeps.maxBytes;
  }

  /** Checks `data` and stores its renditions; a bad file is a 400 naming `field`. */
  async store(kind: ImageKind, storeId: string, data: Buffer, field: string): Promise<StoredImage> {
    if (!STORE_ID.test(storeId)) throw new Error(`unexpected store id ${storeId}`);
    if (data.length > this.imagesDeps.maxBytes) {
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
    if (meta.width * meta.height > this.imagesDeps.maxPixels) {
      throw new BadRequest(
        `The photo has too many pixels (at most ${String(Math.floor(this.imagesDeps.maxPixels / 1e6))} megapixels).`,
        field,
      );
    }
    const width = meta.autoOrient?.width ?? meta.width;
    const widths = renditionWidths(width);
    const folder = renditionFolder(randomBytes(8).toString('hex'), widths);
    const relative = path.posix.join(kind, storeId, folder);
    const keys = widths.map((w) => this.inside(`${relative}/${String(w)}.webp`));
    let files: { key: string; body: Buffer }[];
    try {
      files = await Promise.all(
        widths.map(async (w, i) => ({
          key: keys[i]!,
          // rotate() with no angle turns the photo upright by its EXIF orientation; the output
          // keeps no metadata (EXIF, GPS, XMP, ICC) since withMetadata() is never called.
          body: await sharp(data, { failOn: 'error', limitInputPixels: this.imagesDeps.maxPixels })
            .rotate()
            .resize({ width: w, withoutEnlargement: true })
            .webp({ quality: 80 })
            .toBuffer(),
        })),
      );
    } catch {
      // Nothing is stored yet: anything sharp refused is the file's.
      throw notImage;
    }
    try {
      for (const f of files) await this.imagesDeps.store.put(f.key, f.body, 'image/webp');
    } catch (err) {
      // A store that failed half way (a bucket gone away): what was written is taken back, as
      // far as it can be, and the caller writes no URL (503).
      await this.deleteKeys(keys);
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
      const folder = r.base.slice(URL_PREFIX.length);
      await this.deleteKeys(r.widths.map((w) => this.inside(`${folder}/${String(w)}.webp`)));
    }
  }

  tooLarge(): string {
    return `The photo is too large (at most ${String(Math.floor(this.imagesDeps.maxBytes / 1024 / 1024))} MB).`;
  }

  private async deleteKeys(keys: readonly string[]): Promise<void> {
    await Promise.allSettled(keys.map((k) => this.imagesDeps.store.delete(k)));
  }

  /** A key under products/ or media/ of the uploads, never outside them. */
  private inside(relative: string): string {
    const key = path.posix.normalize(relative);
    if (!/^(products|media)\//.test(key) || key.split('/').some((p) => p === '..' || p === '')) {
      throw new Error(`refusing a path outside the uploads folder: ${relative}`);
    }
    return key;
  }
}
