import type { ProductImportReport } from '@shop/contracts';
import { ServerError } from '../../../lib/api-request.ts';
import { adminBlob, refreshAdminToken } from '../../lib/admin-api.ts';
import { getAdminAccessToken } from '../../lib/admin-session.ts';
import { saveBlob } from '../../../lib/save-blob.ts';

/** The whole catalogue as our CSV (the file the import reads back). */
export const downloadExport = async () =>
  saveBlob(await adminBlob('/admin/products/export.csv'), 'products.csv');

/**
 * Sends the file (multipart) to the import: `dryRun` only checks. Answers the report, also when
 * the server refused the file for its row errors (400 with the report: nothing was written).
 */
export async function sendImport(file: File, dryRun: boolean): Promise<ProductImportReport> {
  const post = (token: string | null) => {
    const form = new FormData();
    form.append('file', file);
    return fetch(`/api/admin/products/import?dry_run=${String(dryRun)}`, {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: form,
    });
  };
  let res = await post(getAdminAccessToken());
  if (res.status === 401) res = await post(await refreshAdminToken());
  const body = (await res.json().catch(() => null)) as {
    data?: ProductImportReport;
    msg?: string;
    field?: string;
  } | null;
  if (body?.data && (res.ok || res.status === 400)) return body.data;
  throw new ServerError(res.status, body?.msg ?? null, body?.field ?? null);
}
