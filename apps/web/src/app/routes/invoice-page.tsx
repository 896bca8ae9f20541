import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { INVOICE_MESSAGES } from '@shop/contracts/messages';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { downloadInvoicePdf, useInvoice } from '../../features/invoices/api/invoice-api.ts';
import { InvoiceView } from '../../features/invoices/components/invoice-view.tsx';
import { serverMessage } from '../../lib/api-request.ts';
import { logError } from '../../lib/log-error.ts';
import { usePageTitle } from '../../lib/use-document-meta.ts';

/**
 * /invoice/{order_id} (login, the order's owner): the GST tax invoice as a printable page, with
 * Download PDF (fetched with the bearer token) and Print. Before the invoice is issued (the order
 * not shipped yet) the server's message is shown.
 */
export function Component() {
  const { orderId = '' } = useParams();
  const { data: invoice, error, isPending } = useInvoice(orderId);
  usePageTitle(invoice ? `Tax Invoice ${invoice.number}` : 'Tax Invoice');
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);

  const download = async () => {
    if (!invoice) return;
    setDownloading(true);
    setDownloadError(null);
    try {
      await downloadInvoicePdf(orderId, `${invoice.number.replace(/\//g, '-')}.pdf`);
    } catch (e) {
      logError('downloading the invoice', e);
      setDownloadError(serverMessage(e, INVOICE_MESSAGES.downloadFailed));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="mx-auto max-w-4xl px-3 py-4 sm:px-6 sm:py-8">
      <div className="mb-4 flex flex-wrap items-center gap-2 print:hidden">
        <Link to={`/track/${encodeURIComponent(orderId)}`} className={buttonClass('ghost')}>
          ← Back to order
        </Link>
        {invoice && (
          <div className="ml-auto flex gap-2">
            <Button variant="secondary" onClick={() => window.print()}>
              Print
            </Button>
            <Button onClick={() => void download()} disabled={downloading}>
              {downloading ? 'Downloading…' : 'Download PDF'}
            </Button>
          </div>
        )}
      </div>
      {downloadError && (
        <p role="alert" className="mb-3 rounded-lg bg-red-50 p-3 text-sm text-red-800 print:hidden">
          {downloadError}
        </p>
      )}
      {isPending && <p aria-live="polite">Loading the invoice…</p>}
      {error && (
        <div
          role="alert"
          className="rounded-xl bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-200"
        >
          <h1 className="font-semibold">Tax Invoice</h1>
          <p className="mt-1 text-sm">{serverMessage(error, INVOICE_MESSAGES.downloadFailed)}</p>
        </div>
      )}
      {invoice && <InvoiceView invoice={invoice} />}
    </div>
  );
}
