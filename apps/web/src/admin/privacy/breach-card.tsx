import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Breach, BreachResponse } from '@shop/contracts';
import { BREACH_DATA_KINDS } from '@shop/domain';
import { Button } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { errorText } from '../../lib/api-request.ts';
import { adminJson } from '../lib/admin-api.ts';
import { BREACHES_KEY } from './breach-form.tsx';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
const kindLabel = (key: string) => BREACH_DATA_KINDS.find((k) => k.key === key)?.label ?? key;

type Step = 'shoppers_told' | 'board_reported';

/** One of the two notices: its draft to read and copy, and the stamp of having sent it. */
function NoticeStep({
  breach,
  step,
  title,
  doneAt,
  draft,
  doneWords,
  markWords,
  due,
}: {
  breach: Breach;
  step: Step;
  title: string;
  doneAt: string | null;
  draft: { subject: string; text: string };
  doneWords: string;
  markWords: string;
  due?: string;
}) {
  const client = useQueryClient();
  const mark = useMutation({
    mutationFn: (done: boolean) =>
      adminJson<BreachResponse>('PATCH', `/admin/privacy/breaches/${breach.id}`, {
        [step]: done,
      }).then((r) => r.data),
    onSuccess: () => void client.invalidateQueries({ queryKey: BREACHES_KEY }),
  });
  return (
    <div className="flex flex-col gap-2 border-t border-slate-200 pt-3">
      <h3 className="font-semibold text-slate-900">{title}</h3>
      {due && <p className="text-sm text-slate-800">{due}</p>}
      <details>
        <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-orange-800">
          Read the draft
        </summary>
        <p className="mt-2 text-sm font-semibold break-words">{draft.subject}</p>
        <pre className="mt-1 rounded bg-slate-50 p-2 text-xs break-words whitespace-pre-wrap">
          {draft.text}
        </pre>
        <CopyButton text={`${draft.subject}\n\n${draft.text}`} what={title.toLowerCase()} />
      </details>
      <div className="flex flex-wrap items-center gap-2">
        {doneAt ? (
          <>
            <p className="text-sm font-semibold text-green-800">
              {doneWords} {when(doneAt)}
            </p>
            <Button
              variant="secondary"
              disabled={mark.isPending}
              aria-label={`Undo: ${doneWords.toLowerCase()}`}
              onClick={() => mark.mutate(false)}
            >
              Undo
            </Button>
          </>
        ) : (
          <Button variant="secondary" disabled={mark.isPending} onClick={() => mark.mutate(true)}>
            {markWords}
          </Button>
        )}
      </div>
      <FormAlert message={mark.isError ? errorText(mark.error) : null} />
    </div>
  );
}

/** A recorded breach: what was recorded, then the notice to shoppers and the Board's report. */
export function BreachCard({ breach, now }: { breach: Breach; now: number }) {
  const overdue = !breach.board_reported_at && Date.parse(breach.board_report_due_at) < now;
  return (
    <li className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-col gap-1 text-sm">
        <p className="font-semibold text-slate-900">Found {when(breach.found_at)}</p>
        <p className="break-words text-slate-800">{breach.description}</p>
        <p className="text-slate-700">
          {breach.people_affected} {breach.people_affected === 1 ? 'person' : 'people'} ·{' '}
          {breach.data_kinds.length
            ? breach.data_kinds.map(kindLabel).join(', ')
            : 'data not yet known'}
        </p>
      </div>
      <NoticeStep
        breach={breach}
        step="shoppers_told"
        title="Notice to shoppers"
        doneAt={breach.shoppers_told_at}
        draft={breach.drafts.shoppers}
        doneWords="Shoppers told"
        markWords="I have told the shoppers"
      />
      <NoticeStep
        breach={breach}
        step="board_reported"
        title="Report to the Board"
        doneAt={breach.board_reported_at}
        draft={breach.drafts.board}
        doneWords="Reported to the Board"
        markWords="I have sent the report"
        due={
          breach.board_reported_at
            ? undefined
            : `${overdue ? 'Overdue: was due' : 'Due by'} ${when(breach.board_report_due_at)} (72 hours after you found out).`
        }
      />
    </li>
  );
}
