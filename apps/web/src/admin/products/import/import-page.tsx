import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { PRODUCT_IMPORT_MAX_BYTES, type ProductImportReport } from '@shop/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { errorText } from '../../../lib/api-request.ts';
import { AdminPage } from '../../layout/admin-page.tsx';
import { downloadExport, sendImport } from './import-api.ts';

const MAX_MB = PRODUCT_IMPORT_MAX_BYTES / 1024 / 1024;
/** The products of a checked file listed by name (the rest are counted). */
const LISTED = 50;
const plural = (n: number, one: string, many: string) => `${String(n)} ${n === 1 ? one : many}`;

/**
 * /admin/products/import: pick a CSV (this shop's export or a WooCommerce product export), check
 * it (the dry run lists every row's errors, or what would be created and updated), then import
 * it, all rows or none. The export of the whole catalogue is a download here too.
 */
export function Component() {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<ProductImportReport | null>(null);
  const [done, setDone] = useState<ProductImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);

  const check = useMutation({
    mutationFn: (f: File) => sendImport(f, true),
    onMutate: () => {
      setError(null);
      setChecked(null);
      setDone(null);
    },
    onSuccess: setChecked,
    onError: (err) => setError(errorText(err)),
  });
  const run = useMutation({
    mutationFn: (f: File) => sendImport(f, false),
    onMutate: () => setError(null),
    onSuccess: (report) => {
      if (report.written) {
        setDone(report);
        setChecked(null);
      } else setChecked(report);
    },
    onError: (err) => setError(errorText(err)),
  });
  const exporting = useMutation({
    mutationFn: downloadExport,
    onError: (err) => setError(errorText(err)),
  });

  const report = checked;
  const clean = report !== null && report.errors.length === 0;

  return (
    <AdminPage
      title="Import products"
      actions={
        <Button
          variant="secondary"
          onClick={() => exporting.mutate()}
          disabled={exporting.isPending}
          data-testid="export-products"
        >
          {exporting.isPending ? 'Exporting…' : 'Download export (CSV)'}
        </Button>
      }
    >
      <div className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <p className="text-sm text-slate-700">
          A CSV of this shop’s export, or a WooCommerce product export (simple and variable
          products; prices in rupees, images kept as their links). Products are matched by SKU: a
          known SKU is updated, a new one created. Check the file first: nothing is written until
          you import it, and then every row or none. At most {MAX_MB} MB.
        </p>
        <form
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            if (file) check.mutate(file);
          }}
        >
          <div className="flex flex-1 flex-col gap-1">
            <label htmlFor={inputId} className="text-sm font-semibold text-slate-900">
              CSV file
            </label>
            <input
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              className="block w-full text-sm text-slate-800 file:mr-3 file:min-h-tap file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:font-semibold file:text-slate-900 hover:file:bg-slate-200"
              onChange={(e) => {
                const picked = e.target.files?.[0] ?? null;
                setError(null);
                setChecked(null);
                setDone(null);
                setFile(picked && picked.size > PRODUCT_IMPORT_MAX_BYTES ? null : picked);
                if (picked && picked.size > PRODUCT_IMPORT_MAX_BYTES) {
                  setError(`The file is larger than ${String(MAX_MB)} MB.`);
                }
              }}
            />
          </div>
          <Button type="submit" disabled={!file || check.isPending}>
            {check.isPending ? 'Checking…' : 'Check file'}
          </Button>
        </form>
      </div>

      {error && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {error}
        </p>
      )}

      {/* The check's and the import's outcome, announced when it arrives. */}
      <div aria-live="polite" className="flex flex-col gap-4">
        {done && (
          <div
            role="status"
            className="flex flex-col gap-2 rounded-lg bg-green-50 p-4 text-green-900 ring-1 ring-green-200"
          >
            <p className="font-semibold">
              Imported: {plural(done.create, 'product', 'products')} created,{' '}
              {plural(done.update, 'product', 'products')} updated.
            </p>
            <Link to="/products" className="text-sm font-semibold underline">
              See the products
            </Link>
          </div>
        )}

        {report && !clean && (
          <section aria-labelledby="import-errors" className="flex flex-col gap-2">
            <h2 id="import-errors" className="text-lg font-bold text-red-800">
              {plural(report.errors.length, 'problem', 'problems')} in the file: nothing was
              imported
            </h2>
            <p className="text-sm text-slate-700">
              Fix these rows in the spreadsheet and check the file again.
            </p>
            <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
              <table className="w-full text-left text-sm">
                <thead className="bg-slate-50 text-slate-700">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      Row
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Column
                    </th>
                    <th scope="col" className="px-3 py-2">
                      SKU
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Problem
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {report.errors.map((e, i) => (
                    <tr
                      key={`${String(e.row)}-${e.column}-${String(i)}`}
                      className="border-t border-slate-100"
                      data-testid="import-error"
                    >
                      <td className="px-3 py-2 font-mono">{e.row}</td>
                      <td className="px-3 py-2">{e.column || '—'}</td>
                      <td className="px-3 py-2 font-mono break-all">{e.sku || '—'}</td>
                      <td className="px-3 py-2">{e.message}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        )}

        {report && clean && (
          <section
            aria-labelledby="import-ready"
            className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
          >
            <h2 id="import-ready" className="text-lg font-bold text-slate-900">
              The file is fine: {report.create} to create, {report.update} to update
            </h2>
            <p className="text-sm text-slate-700">
              Read as {report.format === 'woocommerce' ? 'a WooCommerce export' : 'this shop’s CSV'}
              .
            </p>
            <ul className="divide-y divide-slate-100 text-sm" aria-label="Products in the file">
              {report.products.slice(0, LISTED).map((p) => (
                <li key={p.row} className="flex items-center justify-between gap-2 py-1">
                  <span className="min-w-0 truncate">
                    {p.title} <span className="font-mono text-slate-600">{p.sku}</span>
                  </span>
                  <span
                    className={
                      p.action === 'create'
                        ? 'shrink-0 rounded bg-green-100 px-2 text-green-900'
                        : 'shrink-0 rounded bg-slate-100 px-2 text-slate-800'
                    }
                  >
                    {p.action === 'create' ? 'new' : 'update'}
                  </span>
                </li>
              ))}
            </ul>
            <div>
              <Button onClick={() => file && run.mutate(file)} disabled={!file || run.isPending}>
                {run.isPending
                  ? 'Importing…'
                  : `Import ${plural(report.create + report.update, 'product', 'products')}`}
              </Button>
            </div>
          </section>
        )}
      </div>
    </AdminPage>
  );
}
