import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { BreachListResponse } from '@shop/contracts';
import { Button } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { errorText } from '../../lib/api-request.ts';
import { AdminPage } from '../layout/admin-page.tsx';
import { adminJson } from '../lib/admin-api.ts';
import { BreachCard } from './breach-card.tsx';
import { BreachForm, BREACHES_KEY } from './breach-form.tsx';

/**
 * /admin/privacy (owner only): the register of personal data breaches (DPDP Rules 2025, rule 7).
 * Record one as soon as it is known; the page drafts the notice to the shoppers and the report
 * the Data Protection Board expects within 72 hours, and keeps when each was sent.
 */
export function Component() {
  const [recording, setRecording] = useState(false);
  const [recorded, setRecorded] = useState(false);
  const breaches = useQuery({
    queryKey: BREACHES_KEY,
    queryFn: () =>
      adminJson<BreachListResponse>('GET', '/admin/privacy/breaches').then((r) => r.data),
  });
  const [now] = useState(() => Date.now());
  return (
    <AdminPage title="Privacy">
      <p className="text-sm text-slate-800">
        If personal data of your shoppers is lost, stolen or seen by someone who should not see it,
        record it here as soon as you know. The law (DPDP Rules 2025, rule 7) asks you to tell each
        affected shopper without delay and to report to the Data Protection Board within 72 hours;
        this page drafts both for you.
      </p>
      {/* The retention periods (issue 61 item 5) are set with the store's other settings. */}
      <p className="text-sm text-slate-800">
        <Link
          to="/settings#privacy"
          className="inline-flex min-h-11 items-center font-semibold text-orange-800 underline underline-offset-2 focus-visible:ring-2 focus-visible:ring-orange-700"
        >
          How long data is kept → Settings
        </Link>
      </p>
      {recording ? (
        <BreachForm
          onRecorded={() => {
            setRecording(false);
            setRecorded(true);
          }}
        />
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            onClick={() => {
              setRecording(true);
              setRecorded(false);
            }}
          >
            Record a breach
          </Button>
          {recorded && (
            <p role="status" className="text-sm font-semibold text-green-800">
              Breach recorded. Read and send the two notices below.
            </p>
          )}
        </div>
      )}
      <h2 className="text-lg font-bold text-slate-900">Breaches</h2>
      {breaches.isPending && <p className="text-slate-700">Loading...</p>}
      {breaches.isError && <FormAlert message={errorText(breaches.error)} />}
      {breaches.isSuccess && breaches.data.length === 0 && (
        <p className="text-slate-700">No breach recorded.</p>
      )}
      <ul className="flex flex-col gap-3" aria-label="Breaches">
        {breaches.data?.map((b) => (
          <BreachCard key={b.id} breach={b} now={now} />
        ))}
      </ul>
    </AdminPage>
  );
}
