import { useState } from 'react';
import type { PrivacyExport, PrivacyExportRow, PrivacyExportSections } from '@shop/contracts';
import { Button } from '../../components/ui/button.tsx';
import { STORE_ID } from '../../lib/api-client.ts';
import { authBlob, authJson, errorText } from '../../lib/api-request.ts';
import { saveBlob } from '../../lib/save-blob.ts';

/** The sections of the file in the order the readable view shows them, in the shopper's words. */
const SECTIONS: { key: keyof PrivacyExportSections; title: string }[] = [
  { key: 'profile', title: 'Profile' },
  { key: 'addresses', title: 'Addresses' },
  { key: 'orders', title: 'Orders' },
  { key: 'invoices', title: 'Invoices' },
  { key: 'admissions', title: 'Admissions' },
  { key: 'enquiries', title: 'Enquiries' },
  { key: 'contact_messages', title: 'Contact messages' },
  { key: 'quotes', title: 'Quote requests' },
  { key: 'consents', title: 'Consents' },
  { key: 'sessions', title: 'Sign-in sessions' },
  { key: 'push_devices', title: 'Phones getting updates (push)' },
  { key: 'cart', title: 'Cart' },
];

/** Nested lists of a row (an order's lines…) and their titles. */
const CHILDREN: Record<string, string> = {
  lines: 'Lines',
  timeline: 'Timeline',
  utrs: 'UPI references',
  aadhaar_reveals: 'When the shop viewed the Aadhaar number',
};

/** The file's name: the store's and the day's. */
export function exportFileName(file: Pick<PrivacyExport, 'store_id' | 'generated_at'>) {
  return `my-data-${file.store_id}-${file.generated_at.slice(0, 10)}.json`;
}

/** A stored value as a line of text: dates and numbers as they are, an address's parts joined. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? '—' : JSON.stringify(value);
  return Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== null && v !== '')
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(', ');
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** A column's label and value as a reader wants them: amounts in rupees, times in India's way. */
export function readable(column: string, value: unknown): [label: string, text: string] {
  if (column.endsWith('_paise') && typeof value === 'number') {
    const rupees = (value / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 });
    return [column.slice(0, -'_paise'.length).replaceAll('_', ' '), `₹${rupees}`];
  }
  const label = column.replaceAll('_', ' ');
  if (typeof value === 'string' && ISO_TIME.test(value)) {
    return [
      label,
      new Date(value).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' }),
    ];
  }
  return [label, valueText(value)];
}

function RowView({ row }: { row: PrivacyExportRow }) {
  const children = Object.keys(CHILDREN).filter((k) => Array.isArray(row[k]));
  return (
    <li className="rounded-lg bg-white p-3 ring-1 ring-slate-200 print:break-inside-avoid print:ring-slate-400">
      <dl className="grid grid-cols-1 gap-x-3 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr]">
        {Object.entries(row)
          .filter(([k]) => !children.includes(k))
          .map(([k, v]) => {
            const [label, text] = readable(k, v);
            return (
              <div key={k} className="contents">
                <dt className="font-medium text-slate-700">{label}</dt>
                <dd className="mb-1 break-words text-slate-900 [overflow-wrap:anywhere] sm:mb-0">
                  {text}
                </dd>
              </div>
            );
          })}
      </dl>
      {children.map((k) => {
        const rows = row[k] as PrivacyExportRow[];
        return (
          <div key={k} className="mt-2">
            <h4 className="text-sm font-semibold text-slate-900">
              {CHILDREN[k]} ({rows.length})
            </h4>
            {rows.length > 0 && (
              <ul className="mt-1 flex flex-col gap-2">
                {rows.map((r, i) => (
                  <RowView key={i} row={r} />
                ))}
              </ul>
            )}
          </div>
        );
      })}
    </li>
  );
}

/** The whole file as a page to read and print. */
export function MyDataView({ file }: { file: PrivacyExport }) {
  return (
    <div className="mt-4 flex flex-col gap-6" data-testid="my-data-view">
      <p className="text-sm text-slate-800">
        Made {new Date(file.generated_at).toLocaleString('en-IN')}. Each item shows what the shop
        keeps, by its name in the shop&apos;s records.
      </p>
      {SECTIONS.map(({ key, title }) => {
        const rows = file.sections[key] as PrivacyExportRow[];
        return (
          <section key={key} aria-labelledby={`my-data-${key}`}>
            <h3 id={`my-data-${key}`} className="font-semibold text-slate-900">
              {title} ({rows.length})
            </h3>
            {rows.length === 0 ? (
              <p className="text-sm text-slate-700">None.</p>
            ) : (
              <ul className="mt-2 flex flex-col gap-2">
                {rows.map((row, i) => (
                  <RowView key={i} row={row} />
                ))}
              </ul>
            )}
          </section>
        );
      })}
      <section aria-labelledby="my-data-withheld">
        <h3 id="my-data-withheld" className="font-semibold text-slate-900">
          Not shown as stored
        </h3>
        <ul className="mt-1 list-disc pl-5 text-sm text-slate-800">
          {file.withheld.map((w) => (
            <li key={w.column}>
              {w.column.replaceAll('_', ' ')}: {w.shown === 'masked' ? 'shown masked' : w.why}
            </li>
          ))}
          {file.not_included.map((n) => (
            <li key={n.table}>
              {n.table.replaceAll('_', ' ')}: {n.why}
            </li>
          ))}
        </ul>
      </section>
      {file.legal_holds.length > 0 && (
        <section aria-labelledby="my-data-holds">
          <h3 id="my-data-holds" className="font-semibold text-slate-900">
            What the law makes the shop keep
          </h3>
          <ul className="mt-1 list-disc pl-5 text-sm text-slate-800">
            {file.legal_holds.map((h) => (
              <li key={h.table}>
                {h.table.replaceAll('_', ' ')}: {h.law}; kept {h.keep}.
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/**
 * "Download my data" on the privacy page (DPDP Act 2023 s.11; issue 61 item 3): the account's
 * data as a JSON file, or as a readable page to print.
 */
export function DownloadMyData() {
  const [busy, setBusy] = useState<'file' | 'view' | null>(null);
  const [problem, setProblem] = useState<string>();
  const [file, setFile] = useState<PrivacyExport>();

  const download = async () => {
    setBusy('file');
    setProblem(undefined);
    try {
      const blob = await authBlob('/privacy/export');
      const name = exportFileName({ store_id: STORE_ID, generated_at: new Date().toISOString() });
      saveBlob(new Blob([blob], { type: 'application/json' }), name);
    } catch (error) {
      setProblem(`Not downloaded: ${errorText(error)}`);
    } finally {
      setBusy(null);
    }
  };
  const view = async () => {
    setBusy('view');
    setProblem(undefined);
    try {
      setFile(await authJson<PrivacyExport>('GET', '/privacy/export'));
    } catch (error) {
      setProblem(`Not shown: ${errorText(error)}`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="download-my-data-heading" data-testid="download-my-data">
      <h2 id="download-my-data-heading" className="text-lg font-bold text-slate-900">
        Download my data
      </h2>
      <p className="mt-1 text-slate-800">
        A copy of what this shop keeps about your account: profile, addresses, orders with their
        lines and timelines, invoices, admissions (Aadhaar shown masked), enquiries, quotes,
        consents, sign-ins, phones getting updates and your cart.
      </p>
      <div className="mt-3 flex flex-wrap gap-3 print:hidden">
        <Button onClick={() => void download()} disabled={busy !== null}>
          {busy === 'file' ? 'Preparing…' : 'Download (JSON file)'}
        </Button>
        <Button variant="secondary" onClick={() => void view()} disabled={busy !== null}>
          {busy === 'view'
            ? 'Opening…'
            : file
              ? 'Refresh the readable copy'
              : 'View to read or print'}
        </Button>
        {file && (
          <Button variant="secondary" onClick={() => window.print()}>
            Print
          </Button>
        )}
      </div>
      {problem && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {problem}
        </p>
      )}
      {file && <MyDataView file={file} />}
    </section>
  );
}
