import type { StoredImage } from '@shop/contracts';
import type { Database, Transaction } from '@shop/db';
import type { AuditActor, AuditService } from '../audit/audit-service.ts';
import type { ImagesService } from './images-service.ts';

/** The media module's only database use: a transaction for the audit entry. */
export class MediaRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }
}

/**
 * Single images for content and settings (category icons, sliders, logos): stored with the same
 * checks and renditions as product photos, under uploads/media/<store>/. The screen that uses the
 * URL saves it through its own route; an image never saved stays on disk (decision 0021).
 */
export class MediaService {
  constructor(
    private readonly repo: MediaRepository,
    private readonly images: ImagesService,
    private readonly audit: AuditService,
  ) {}

  async upload(actor: AuditActor, file: Buffer): Promise<StoredImage> {
    const image = await this.images.store('media', actor.storeId, file, 'images.0');
    try {
      await this.repo.transaction((tx) =>
        this.audit.record(tx, actor, {
          action: 'media.upload',
          entity: 'image',
          entityId: image.url,
          after: image,
        }),
      );
    } catch (err) {
      await this.images.remove([image.url]);
      throw err;
    }
    return image;
  }
}
