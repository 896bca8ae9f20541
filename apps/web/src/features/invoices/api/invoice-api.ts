import { useQuery } from '@tanstack/react-query';
import type { InvoiceDocumentAnswer } from '@shop/contracts';
import { authBlob, authJson } from '../../../lib/api-request.ts';
import { saveBlob } from '../../../lib/save-blob.ts';

const id = (s: string) => encodeURIComponent(s);

/** GET /payment/order/{id}/invoice/document: the order's tax invoice as data (owner only). */
export function useInvoice(orderId: string) {
  return useQuery({
    queryKey: ['invoice', orderId],
    queryFn: ({ signal }) =>
      authJson<{ isError: false; data: InvoiceDocumentAnswer }>(
        'GET',
        `/payment/order/${id(orderId)}/invoice/document`,
        undefined,
        signal,
      ).then((r) => r.data),
    retry: false,
  });
}

/**
 * GET /payment/order/{id}/invoice with the bearer token, saved as `fileName` through a blob URL
 * (a plain link could not carry the token).
 */
export async function downloadInvoicePdf(orderId: string, fileName: string): Promise<void> {
  saveBlob(await authBlob(`/payment/order/${id(orderId)}/invoice`), fileName);
}
