import jsQR from 'jsqr';
import QRCode from 'qrcode';
import sharp from 'sharp';

/** A `upi://pay` link drawn as a QR code (SVG), as checkout and the settings' test payment show it. */
export function upiQrSvg(link: string): Promise<string> {
  return QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** The longest side a picture is read at: a phone photo is scaled down, a small QR image up. */
const READ_SIDE = 1200;

/**
 * The text of the QR code in a picture (any format sharp reads, turned upright), or null when
 * none is found or the bytes are not a picture. Read by `jsqr` from the picture's pixels.
 */
export async function readQrCode(picture: Buffer): Promise<string | null> {
  try {
    const { data, info } = await sharp(picture)
      .autoOrient()
      .resize({ width: READ_SIDE, height: READ_SIDE, fit: 'inside' })
      .flatten({ background: '#ffffff' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
    return jsQR(pixels, info.width, info.height)?.data ?? null;
  } catch {
    return null;
  }
}
