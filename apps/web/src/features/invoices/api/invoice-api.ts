import { useQuery } from '@tanstack/react-query';
import type { InvoiceDocumentAnswer } from '@shop/contracts';
import { authBlob, authJson } from '../../../lib/api-request.ts';

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
  const blob = await authBlob(`/payment/order/${id(orderId)}/invoice`);
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // Let the download start before the URL goes.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
