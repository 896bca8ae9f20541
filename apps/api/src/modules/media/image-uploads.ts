import type { FastifyRequest } from 'fastify';
import { IMAGE_UPLOAD_FIELD } from '@shop/contracts';
import { BadRequest } from '../../lib/errors.ts';

/** The most photos one upload may carry. */
export const MAX_FILES_PER_UPLOAD = 12;

/**
 * The files of a multipart request's `images` field, read whole (each at most `maxBytes`). The
 * client's file names and types are ignored: the content decides (ImagesService.store).
 */
export async function readImageUploads(
  req: FastifyRequest,
  maxBytes: number,
  tooLarge: string,
  maxFiles = MAX_FILES_PER_UPLOAD,
): Promise<Buffer[]> {
  const field = IMAGE_UPLOAD_FIELD;
  if (!req.isMultipart()) {
    throw new BadRequest('Send the photos as multipart/form-data.', field);
  }
  const files: Buffer[] = [];
  try {
    for await (const part of req.files({ limits: { fileSize: maxBytes, files: maxFiles } })) {
      if (part.fieldname !== field) {
        part.file.resume();
        throw new BadRequest(
          `Send photos in the field "${field}", not "${part.fieldname}".`,
          field,
        );
      }
      files.push(await part.toBuffer());
    }
  } catch (err) {
    if (err instanceof BadRequest) throw err;
    const { RequestFileTooLargeError, FilesLimitError } = req.server.multipartErrors;
    if (err instanceof RequestFileTooLargeError) {
      throw new BadRequest(tooLarge, `${field}.${String(files.length)}`);
    }
    if (err instanceof FilesLimitError) {
      throw new BadRequest(`At most ${String(maxFiles)} photos at a time.`, field);
    }
    throw err;
  }
  if (files.length === 0) throw new BadRequest('Choose a photo to upload.', field);
  return files;
}
