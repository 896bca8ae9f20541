import type { AuditAction, StoredImage } from '@shop/contracts';
import { parseRenditions } from '@shop/domain';
import type { Transaction } from '@shop/db';
import { BadRequest, NotFound } from '../../lib/errors.ts';
import type { AuditActor, AuditService } from '../audit/audit-service.ts';
import { describeImage, type ImagesService } from '../media/images-service.ts';
import type { ProductsRepository, ProductRow } from './products-repository.ts';
import { NO_SUCH_PRODUCT } from './product-fields.ts';

/** The most photos a product holds: the main one and a gallery of 30 (the contract's limit). */
export const MAX_PRODUCT_IMAGES = 31;

const imagesOf = (row: ProductRow): string[] => {
  const gallery = Array.isArray(row.gallery)
    ? row.gallery.filter((g): g is string => typeof g === 'string' && g !== '')
    : [];
  return row.image ? [row.image, ...gallery] : gallery;
};

export interface ProductImages {
  product_id: string;
  images: StoredImage[];
}

/**
 * A product's photos: upload, arrange (the first is the main one, `image`;
 * the rest are `gallery`) and remove. The files are made and deleted by the media module's
 * ImagesService; the product row and the audit entry change in one transaction. Files of a
 * rolled-back upload are deleted, and a removed photo's files once no product shows them.
 */
export class ProductImagesService {
  constructor(
    private readonly repo: ProductsRepository,
    private readonly images: ImagesService,
    private readonly audit: AuditService,
  ) {}

  async list(storeId: string, id: string): Promise<ProductImages> {
    const found = await this.repo.findNow(storeId, id);
    if (!found) throw new NotFound(NO_SUCH_PRODUCT, 'id');
    return this.answer(id, imagesOf(found.row));
  }

  /** Stores each file's renditions and appends them to the product's photos. */
  async add(actor: AuditActor, id: string, files: Buffer[]): Promise<ProductImages> {
    // A product of another store is a 404 before any work on the files.
    const current = await this.repo.findNow(actor.storeId, id);
    if (!current) throw new NotFound(NO_SUCH_PRODUCT, 'id');
    if (imagesOf(current.row).length + files.length > MAX_PRODUCT_IMAGES) {
      throw new BadRequest(
        `A product holds at most ${String(MAX_PRODUCT_IMAGES)} photos.`,
        'images',
      );
    }
    const stored: string[] = [];
    try {
      for (const [i, file] of files.entries()) {
        const image = await this.images.store(
          'products',
          actor.storeId,
          file,
          `images.${String(i)}`,
        );
        stored.push(image.url);
      }
      return await this.write(actor, id, 'product.images.add', (before) => {
        const after = [...before, ...stored];
        if (after.length > MAX_PRODUCT_IMAGES) {
          throw new BadRequest(
            `A product holds at most ${String(MAX_PRODUCT_IMAGES)} photos.`,
            'images',
          );
        }
        return after;
      });
    } catch (err) {
      await this.images.remove(stored);
      throw err;
    }
  }

  /** Puts the product's photos in this order (the same photos); the first becomes the main one. */
  arrange(actor: AuditActor, id: string, order: string[]): Promise<ProductImages> {
    return this.write(actor, id, 'product.images.arrange', (before) => {
      const same =
        order.length === before.length &&
        [...order].sort().every((url, i) => url === [...before].sort()[i]);
      if (!same) {
        throw new BadRequest(
          'images: list every photo of the product once, in the new order (the page may be out of date: reload it).',
          'images',
        );
      }
      return order;
    });
  }

  /** Removes one photo; its files go once no product of the store shows them. */
  async remove(actor: AuditActor, id: string, url: string): Promise<ProductImages> {
    const result = await this.write(actor, id, 'product.images.remove', (before) => {
      if (!before.includes(url)) throw new NotFound('This product has no such photo.', 'url');
      return before.filter((u) => u !== url);
    });
    const r = parseRenditions(url);
    if (r && !(await this.repo.imageInUse(actor.storeId, r.base))) {
      await this.images.remove([url]);
    }
    return result;
  }

  /** Locks the product, sets its photos to `change(before)`, audits it, in one transaction. */
  private async write(
    actor: AuditActor,
    id: string,
    action: AuditAction,
    change: (before: string[]) => string[],
  ): Promise<ProductImages> {
    const after = await this.repo.transaction(async (tx: Transaction) => {
      const found = await this.repo.find(tx, actor.storeId, id, true);
      if (!found) throw new NotFound(NO_SUCH_PRODUCT, 'id');
      const before = imagesOf(found.row);
      const next = change(before);
      await this.repo.update(tx, id, { image: next[0] ?? '', gallery: next.slice(1) });
      await this.audit.record(tx, actor, {
        action,
        entity: 'product',
        entityId: id,
        before: { images: before },
        after: { images: next },
      });
      return next;
    });
    return this.answer(id, after);
  }

  private answer(id: string, urls: string[]): ProductImages {
    return { product_id: id, images: urls.map(describeImage) };
  }
}
