import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast.ts';
import type { AdminPincodeListResponse, PincodeBulkResponse } from '@shop/contracts';
import { Button } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextAreaField, TextField } from '../../components/ui/text-field.tsx';
import { errorText } from '../../lib/api-request.ts';
import { adminJson } from '../lib/admin-api.ts';

/**
 * The pincodes the shop delivers to: many added at once by pasting, each searched, switched on or
 * off, or deleted.
 */
export function Pincodes() {
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  const [report, setReport] = useState<PincodeBulkResponse['data'] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const qs = `?page=${page}&limit=50${search.trim() ? `&search=${encodeURIComponent(search.trim())}` : ''}`;
  const list = useQuery({
    queryKey: ['admin', 'pincodes', qs],
    queryFn: () => adminJson<AdminPincodeListResponse>('GET', `/admin/pincodes${qs}`),
    placeholderData: (p) => p,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['admin', 'pincodes'] });
  const add = useMutation({
    mutationFn: () => adminJson<PincodeBulkResponse>('POST', '/admin/pincodes/bulk', { text }),
    onSuccess: (res) => {
      setReport(res.data);
      setError(null);
      if (res.data.errors.length === 0) setText('');
      void refresh();
    },
    onError: (err) => setError(errorText(err)),
  });
  const toggle = useMutation({
    mutationFn: (p: { pincode: string; status: 'Active' | 'Inactive' }) =>
      adminJson('PATCH', `/admin/pincodes/${p.pincode}`, { status: p.status }),
    onSuccess: () => void refresh(),
    onError: (err) => toast.error(errorText(err)),
  });
  const remove = useMutation({
    mutationFn: (pincode: string) => adminJson('DELETE', `/admin/pincodes/${pincode}`),
    onSuccess: () => void refresh(),
    onError: (err) => toast.error(errorText(err)),
  });
  const readFile = async (file: File | undefined) => {
    if (file) setText(await file.text());
  };
  const total = list.data?.total ?? 0;

  return (
    <section
      aria-labelledby="pincodes-title"
      className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="pincodes-title" className="text-lg font-bold">
        Pincodes
      </h2>
      <p className="text-sm text-slate-700">
        {list.data?.active === 0
          ? 'No active pincodes: the shop delivers to every pincode its delivery bands reach.'
          : `${String(list.data?.active ?? '')} active pincodes: the shop delivers only to these.`}
      </p>
      <form
        noValidate
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate();
        }}
      >
        <TextAreaField
          label="Paste pincodes (one a line, or separated by commas)"
          rows={4}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <label className="text-sm font-semibold" htmlFor="pincode-csv">
          Or choose a CSV file
        </label>
        <input
          id="pincode-csv"
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          onChange={(e) => void readFile(e.target.files?.[0])}
        />
        <Button type="submit" className="w-fit" disabled={add.isPending || !text.trim()}>
          Add pincodes
        </Button>
      </form>
      <FormAlert message={error} />
      {report && (
        <div role="status" className="text-sm">
          <p>
            Added {report.added}, already listed {report.existing}.
          </p>
          {report.errors.length > 0 && (
            <ul className="list-disc pl-5 text-red-700">
              {report.errors.map((e) => (
                <li key={e.line}>
                  Line {e.line}: {e.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <TextField
        label="Search pincodes"
        inputMode="numeric"
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(1);
        }}
      />
      <ul className="flex flex-col divide-y divide-slate-200">
        {list.data?.data.map((p) => (
          <li key={p.pincode} className="flex items-center gap-2 py-2">
            <span className="flex-1 font-mono">{p.pincode}</span>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="h-5 w-5"
                checked={p.status === 'Active'}
                onChange={(e) =>
                  toggle.mutate({
                    pincode: p.pincode,
                    status: e.target.checked ? 'Active' : 'Inactive',
                  })
                }
              />
              Delivers<span className="sr-only"> to {p.pincode}</span>
            </label>
            <Button variant="secondary" onClick={() => remove.mutate(p.pincode)}>
              Remove<span className="sr-only"> {p.pincode}</span>
            </Button>
          </li>
        ))}
      </ul>
      {total > 50 && (
        <div className="flex items-center gap-2">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span className="text-sm">
            Page {page} of {Math.ceil(total / 50)}
          </span>
          <Button
            variant="secondary"
            disabled={page * 50 >= total}
            onClick={() => setPage(page + 1)}
          >
            Next
          </Button>
        </div>
      )}
    </section>
  );
}

/** /admin/delivery (owner only): price bands, free-delivery bands and pincodes. */
