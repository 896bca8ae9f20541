import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { SizeChartResponse } from '@shop/contracts';
import { parseSizeChart } from '@shop/domain';
import { Button } from '../../components/ui/button.tsx';
import { TextAreaField } from '../../components/ui/text-field.tsx';
import { SizeChartTableView } from '../../components/ui/size-chart-table.tsx';
import { errorText } from '../../lib/api-request.ts';
import { adminJson } from '../lib/admin-api.ts';
import { useStaffUser } from '../lib/use-staff-user.ts';

/** Whose chart: a category's (by its key) or one product's (replacing its category's). */
export type SizeChartTarget = { kind: 'category'; key: string } | { kind: 'product'; id: string };

const pathOf = (t: SizeChartTarget) =>
  t.kind === 'category'
    ? `/admin/size-charts/category/${encodeURIComponent(t.key)}`
    : `/admin/size-charts/product/${t.id}`;

const EXAMPLE = 'Size | Chest (in) | Length (in)\nS | 36 | 27\nM | 38 | 28';

/**
 * The owner's size chart editor, made for a phone: a text box where each line is a row (the
 * first the heading) and cells are split by `|` or commas (a markdown table pastes as is), the
 * table it reads as under it, and Save. Blank and saved removes the chart. Owner only: staff
 * see nothing (the API refuses them too).
 */
export function SizeChartEditor({ target, hint }: { target: SizeChartTarget; hint: string }) {
  const user = useStaffUser();
  if (user?.role !== 'owner') return null;
  return <Editor key={pathOf(target)} target={target} hint={hint} />;
}

function Editor({ target, hint }: { target: SizeChartTarget; hint: string }) {
  const path = pathOf(target);
  const client = useQueryClient();
  const hintId = useId();
  const stored = useQuery({
    queryKey: ['admin-size-chart', path],
    queryFn: () => adminJson<SizeChartResponse>('GET', path).then((r) => r.data),
  });
  const [text, setText] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const value = text ?? stored.data?.chart ?? '';
  const read = parseSizeChart(value);
  const save = useMutation({
    mutationFn: () =>
      adminJson<SizeChartResponse>('PUT', path, { chart: value }).then((r) => r.data),
    onSuccess: (data) => {
      client.setQueryData(['admin-size-chart', path], data);
      setText(null);
      setSaved(data.table ? 'Size chart saved.' : 'Size chart removed.');
    },
  });
  const problem = read.ok ? null : read.problem;

  return (
    <div className="flex flex-col gap-3" data-testid="size-chart-editor">
      <p id={hintId} className="text-sm text-slate-700">
        {hint} One row a line, the first line the heading; split cells with | or commas.
      </p>
      <TextAreaField
        label="Size chart"
        rows={6}
        value={value}
        placeholder={EXAMPLE}
        aria-describedby={hintId}
        disabled={stored.isPending}
        error={problem ?? (save.isError ? errorText(save.error) : undefined)}
        onChange={(e) => {
          setSaved(null);
          setText(e.target.value);
        }}
      />
      {read.ok && read.chart && <SizeChartTableView chart={read.chart} caption="Preview" />}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          onClick={() => save.mutate()}
          disabled={save.isPending || problem !== null || text === null}
        >
          {save.isPending ? 'Saving…' : 'Save size chart'}
        </Button>
        {saved && (
          <p role="status" className="text-sm font-medium text-green-900">
            {saved}
          </p>
        )}
      </div>
    </div>
  );
}
