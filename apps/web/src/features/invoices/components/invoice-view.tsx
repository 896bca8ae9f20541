import type { InvoiceDocumentAnswer } from '@shop/contracts';
import { inr } from '../../../lib/format.ts';

/** An invoice shows every amount with its paise: "₹1,23,456.00". */
const amount = (rupees: number) => inr(rupees, { alwaysPaise: true });

type Address = InvoiceDocumentAnswer['recipient']['billing'];

function Party({
  title,
  name,
  address,
  gstin,
}: {
  title: string;
  name: string;
  address: Address;
  gstin: string;
}) {
  return (
    <div>
      <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-600">{title}</h2>
      <p className="mt-1 font-medium">{name || address.name}</p>
      <p className="text-sm text-slate-700">
        {[...address.lines, address.pincode].filter(Boolean).join(', ')}
      </p>
      {gstin && <p className="text-sm">GSTIN: {gstin}</p>}
    </div>
  );
}

/**
 * A GST tax invoice (CGST Rule 46) as a page: supplier, number and date, recipient (billing and
 * shipping), place of supply, the lines with HSN/SAC, quantity, unit, taxable value, rate and
 * CGST+SGST or IGST, totals, amount in words and the reverse-charge line. Lines are cards on a
 * phone and a table from `sm` up and on paper.
 */
export function InvoiceView({ invoice }: { invoice: InvoiceDocumentAnswer }) {
  const igst = !invoice.intra_state;
  const taxCells = (l: { cgst: number; sgst: number; igst: number }) =>
    igst ? [amount(l.igst)] : [amount(l.cgst), amount(l.sgst)];
  const meta: [string, string][] = [
    ['Invoice No.', invoice.number],
    ['Invoice date', invoice.date],
    ...(invoice.against_invoice
      ? ([
          [
            'Against invoice',
            `${invoice.against_invoice.number} (${invoice.against_invoice.date})`,
          ],
        ] as [string, string][])
      : []),
    ['Order ref.', invoice.order_reference],
    ['Order date', invoice.order_date],
    ['Place of supply', `${invoice.place_of_supply.state} (${invoice.place_of_supply.code})`],
    ['Reverse charge', 'No'],
  ];
  return (
    <article
      data-print-root
      aria-labelledby="invoice-title"
      className="rounded-xl bg-white p-4 text-slate-900 shadow-sm ring-1 ring-slate-200 sm:p-6 print:p-0 print:shadow-none print:ring-0"
    >
      <h1 id="invoice-title" className="text-center text-xl font-bold">
        {invoice.title}
      </h1>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <p className="font-semibold">{invoice.supplier.legal_name}</p>
          <p className="text-sm text-slate-700">{invoice.supplier.address}</p>
          <p className="text-sm">GSTIN: {invoice.supplier.gstin || 'Not registered'}</p>
          <p className="text-sm">
            State: {invoice.supplier.state} (code {invoice.supplier.state_code})
          </p>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {meta.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-semibold">{label}</dt>
              <dd
                className="break-all"
                data-testid={`invoice-${label.toLowerCase().replace(/[^a-z]+/g, '-')}`}
              >
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </div>

      <div className="mt-4 grid gap-4 border-t border-slate-200 pt-4 sm:grid-cols-2">
        <Party
          title="Billed to"
          name={invoice.recipient.name}
          address={invoice.recipient.billing}
          gstin={invoice.recipient.gstin}
        />
        <Party
          title="Shipped to"
          name={invoice.recipient.name}
          address={invoice.recipient.shipping}
          gstin=""
        />
      </div>

      {/* Phone: one card per line. */}
      <ol className="mt-4 space-y-3 sm:hidden print:hidden" aria-label="Invoice lines">
        {invoice.lines.map((l) => (
          <li key={l.position} className="rounded-lg border border-slate-200 p-3 text-sm">
            <p className="font-medium">{l.description}</p>
            <p className="text-slate-700">
              HSN/SAC {l.hsn_code} · {l.quantity} {l.unit} · GST {l.rate}%
            </p>
            <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-0.5">
              <dt>Taxable value</dt>
              <dd className="text-right">{amount(l.taxable_value)}</dd>
              {igst ? (
                <>
                  <dt>IGST</dt>
                  <dd className="text-right">{amount(l.igst)}</dd>
                </>
              ) : (
                <>
                  <dt>CGST</dt>
                  <dd className="text-right">{amount(l.cgst)}</dd>
                  <dt>SGST</dt>
                  <dd className="text-right">{amount(l.sgst)}</dd>
                </>
              )}
              <dt className="font-semibold">Total</dt>
              <dd className="text-right font-semibold">{amount(l.total)}</dd>
            </dl>
          </li>
        ))}
      </ol>

      {/* Wider screens and paper: the table. */}
      <table className="mt-4 hidden w-full text-sm sm:table print:table">
        <caption className="sr-only">Invoice lines</caption>
        <thead className="bg-slate-100 text-left">
          <tr>
            <th scope="col" className="p-2">
              #
            </th>
            <th scope="col" className="p-2">
              Description
            </th>
            <th scope="col" className="p-2">
              HSN/SAC
            </th>
            <th scope="col" className="p-2 text-right">
              Qty
            </th>
            <th scope="col" className="p-2">
              Unit
            </th>
            <th scope="col" className="p-2 text-right">
              Taxable value
            </th>
            <th scope="col" className="p-2 text-right">
              Rate
            </th>
            {igst ? (
              <th scope="col" className="p-2 text-right">
                IGST
              </th>
            ) : (
              <>
                <th scope="col" className="p-2 text-right">
                  CGST
                </th>
                <th scope="col" className="p-2 text-right">
                  SGST
                </th>
              </>
            )}
            <th scope="col" className="p-2 text-right">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((l) => (
            <tr key={l.position} className="border-b border-slate-200 align-top">
              <td className="p-2">{l.position}</td>
              <td className="p-2">{l.description}</td>
              <td className="p-2">{l.hsn_code}</td>
              <td className="p-2 text-right">{l.quantity}</td>
              <td className="p-2">{l.unit}</td>
              <td className="p-2 text-right">{amount(l.taxable_value)}</td>
              <td className="p-2 text-right">{l.rate}%</td>
              {taxCells(l).map((c, i) => (
                <td key={i} className="p-2 text-right">
                  {c}
                </td>
              ))}
              <td className="p-2 text-right">{amount(l.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <dl className="mt-4 ml-auto grid max-w-xs grid-cols-2 gap-y-1 text-sm" aria-label="Totals">
        <dt>Items after discount</dt>
        <dd className="text-right">{amount(invoice.totals.amountafterdiscount)}</dd>
        <dt>Taxable value</dt>
        <dd className="text-right">{amount(invoice.totals.taxable_value)}</dd>
        {igst ? (
          <>
            <dt>IGST</dt>
            <dd className="text-right">{amount(invoice.totals.igst)}</dd>
          </>
        ) : (
          <>
            <dt>CGST</dt>
            <dd className="text-right">{amount(invoice.totals.cgst)}</dd>
            <dt>SGST</dt>
            <dd className="text-right">{amount(invoice.totals.sgst)}</dd>
          </>
        )}
        <dt>Total tax</dt>
        <dd className="text-right">{amount(invoice.totals.tax)}</dd>
        <dt className="font-bold">Invoice total</dt>
        <dd className="text-right font-bold" data-testid="invoice-total">
          {amount(invoice.totals.total)}
        </dd>
      </dl>

      <p className="mt-4 text-sm">
        <span className="font-semibold">Amount in words: </span>
        {invoice.amount_in_words}
      </p>
      <p className="mt-2 text-sm">{invoice.reverse_charge}.</p>
      <p className="mt-6 text-right text-sm font-semibold">For {invoice.supplier.legal_name}</p>
      <p className="text-right text-xs text-slate-600">
        Authorised signatory. This document is generated electronically and needs no signature.
      </p>
    </article>
  );
}
