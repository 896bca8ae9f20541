import { shopModule } from '../../module-definition.ts';
import type { AuditService } from '../audit/audit-service.ts';
import { ImagesService } from './images-service.ts';
import { MediaRepository, MediaService } from './media-service.ts';
import { mediaRoutes } from './media-routes.ts';

export { readImageUploads } from './image-uploads.ts';

/** The media module: uploaded images (checks, renditions) and the generic upload route. */
export const media = shopModule({
  name: 'media',
  provides: { images: true, media: true },
  needs: { audit: true },
  build({ db, config, mediaStore }, { audit }: { audit: AuditService }) {
    /** Uploaded images: checks by content, WebP renditions under uploads/ (decision 0021). */
    const images = new ImagesService({
      store: mediaStore,
      maxBytes: config.IMAGE_MAX_MB * 1024 * 1024,
      maxPixels: config.IMAGE_MAX_MEGAPIXELS * 1_000_000,
    });
    /** Single images for content and settings screens. */
    return { images, media: new MediaService(new MediaRepository(db), images, audit) };
  },
  register: (app, services) => mediaRoutes(app, services),
});
