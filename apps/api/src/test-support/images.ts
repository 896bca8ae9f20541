import sharp from 'sharp';
import type { TestApp } from './test-app.ts';

/** A JPEG photo made with sharp: `width`×`height`, with EXIF (a GPS-like note) and orientation. */
export function jpegPhoto(width = 1200, height = 800, orientation?: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#0f766e' } })
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Copyright: 'Asha Traders', ImageDescription: 'GPS 12.9716 N 77.5946 E' },
    })
    .withMetadata(orientation ? { orientation } : {})
    .toBuffer();
}

/** A PNG made with sharp. */
export function pngPhoto(width = 500, height = 500, colour = '#f97316'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: colour } })
    .png()
    .toBuffer();
}

/** A PNG of random noise (it does not compress), about 4 × width × height bytes. */
export function noisyPng(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = Math.floor(Math.random() * 256);
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

export const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(document.cookie)</script><rect width="100" height="100" fill="red"/></svg>',
);

export interface UploadFile {
  name: string;
  type: string;
  data: Buffer;
  field?: string;
}

/** A multipart/form-data body with these files (field `images` unless told). */
export function multipart(files: UploadFile[]): { body: Buffer; contentType: string } {
  const boundary = `----shop${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'images'}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POSTs files as multipart to `url` with a bearer token. */
export async function upload(t: TestApp, url: string, token: string, files: UploadFile[]) {
  const { body, contentType } = multipart(files);
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload: body,
  });
  return {
    status: res.statusCode,
    body: res.json<Record<string, unknown> & { msg?: string; field?: string }>(),
  };
}
