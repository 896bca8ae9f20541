import jsQR from 'jsqr';

/** The longest side a picture is read at: a phone photo is scaled down, a small image up. */
const READ_SIDE = 1200;

/**
 * The text of the QR code in an image file (a photo from the camera, or a saved QR image), or
 * null when none is found or the file is not a picture the browser can draw. Read by `jsqr`.
 */
export async function readQrImage(file: Blob): Promise<string | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  const scale = READ_SIDE / Math.max(bitmap.width, bitmap.height);
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const { data } = ctx.getImageData(0, 0, width, height);
  return jsQR(data, width, height)?.data ?? null;
}
