import { IMAGE_UPLOAD_FIELD } from '@shop/contracts';
import { ServerError } from '../../lib/api-request.ts';
import { refreshAdminToken } from './admin-api.ts';
import { getAdminAccessToken } from './admin-session.ts';

/** How far an upload is: bytes sent of the total (0..1). */
export type UploadProgress = (fraction: number) => void;

function send(
  path: string,
  form: FormData,
  token: string | null,
  onProgress?: UploadProgress,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${path}`);
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new Error('The upload failed: check the connection and try again.'));
    xhr.send(form);
  });
}

/**
 * Uploads image files as multipart (`images` field) to an admin route with the staff token,
 * reporting progress (fetch cannot, so XMLHttpRequest); a 401 refreshes the token once and
 * retries. An error answer throws a ServerError with the server's message and field.
 */
export async function uploadImages<T>(
  path: string,
  files: readonly File[],
  onProgress?: UploadProgress,
): Promise<T> {
  const form = new FormData();
  for (const f of files) form.append(IMAGE_UPLOAD_FIELD, f, f.name);
  let res = await send(path, form, getAdminAccessToken(), onProgress);
  if (res.status === 401) {
    const token = await refreshAdminToken();
    if (token) res = await send(path, form, token, onProgress);
  }
  if (res.status >= 200 && res.status < 300) return res.body as T;
  const err = res.body as { msg?: string; field?: string } | null;
  throw new ServerError(res.status, err?.msg ?? null, err?.field ?? null);
}
