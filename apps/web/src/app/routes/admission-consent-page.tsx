import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { ADMISSION_CONSENT_MESSAGES } from '@shop/contracts';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { confirmConsent, viewConsent } from '../../features/admissions/api/admission-api.ts';
import { ServerError } from '../../lib/api-request.ts';
import { usePageTitle } from '../../lib/use-document-meta.ts';
import { useUser } from '../../lib/use-session.ts';

const problemOf = (e: unknown) =>
  e instanceof ServerError && e.serverMessage
    ? e.serverMessage
    : 'Something went wrong. Please try again.';

/**
 * /admission-consent#token=… (login required): a parent consents to a child's admission from
 * their own account (issue 61 item 4), through the link the shop emailed them. The token is in
 * the fragment (never sent in a page request); the page shows the student, the parent ticks the
 * declaration and consents. Another account, a used, expired or forged link: the server's words.
 */
export function Component() {
  usePageTitle("A parent's consent", "Consent to your child's admission at the academy.");
  const user = useUser();
  const { hash } = useLocation();
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
  const [ticked, setTicked] = useState(false);
  const [untickedTry, setUntickedTry] = useState(false);
  const view = useQuery({
    queryKey: ['admission-consent', token],
    enabled: token !== '' && user !== null,
    retry: false,
    queryFn: () => viewConsent(token).then((r) => r.data),
  });
  const confirm = useMutation({ mutationFn: () => confirmConsent(token) });

  const body = () => {
    if (!token)
      return (
        <p role="alert">This consent link is not complete. Open the link from the email again.</p>
      );
    if (view.isPending) return <p>Loading...</p>;
    if (view.isError) {
      return (
        <p role="alert" className="font-medium text-red-800">
          {problemOf(view.error)}
        </p>
      );
    }
    const v = view.data;
    if (confirm.isSuccess || v.alreadyGiven) {
      return (
        <p
          role="status"
          className="rounded-xl bg-emerald-50 p-3 text-slate-900 ring-1 ring-emerald-200"
        >
          {confirm.data?.message ?? ADMISSION_CONSENT_MESSAGES.alreadyGiven}
        </p>
      );
    }
    return (
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          setUntickedTry(!ticked);
          if (ticked) confirm.mutate();
        }}
      >
        <p>
          {v.requestedBy} asked for your consent to this admission at {v.shopName}. The law (the
          Digital Personal Data Protection Act, 2023) needs a parent&apos;s consent before the
          academy uses a child&apos;s details.
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
          <dt className="font-semibold">Student</dt>
          <dd>{v.studentName}</dd>
          <dt className="font-semibold">Date of birth</dt>
          <dd>{v.dob}</dd>
          <dt className="font-semibold">Centre</dt>
          <dd>{v.center}</dd>
          <dt className="font-semibold">Parent or guardian</dt>
          <dd>{v.guardianName}</dd>
        </dl>
        <label className="flex min-h-11 items-start gap-3 text-sm text-slate-900">
          <input
            type="checkbox"
            className="mt-0.5 size-5 accent-orange-700"
            checked={ticked}
            aria-invalid={untickedTry && !ticked ? true : undefined}
            aria-describedby={untickedTry && !ticked ? 'declaration-error' : undefined}
            onChange={(e) => setTicked(e.target.checked)}
          />
          <span>
            I am {v.studentName}&apos;s parent or legal guardian, 18 or older, and I consent to the
            academy using these details for this admission.
          </span>
        </label>
        {untickedTry && !ticked && (
          <p id="declaration-error" className="text-sm font-medium text-red-700">
            {ADMISSION_CONSENT_MESSAGES.declarationRequired}
          </p>
        )}
        {confirm.isError && (
          <p role="alert" className="font-medium text-red-800">
            {problemOf(confirm.error)}
          </p>
        )}
        <div>
          <SubmitButton busy={confirm.isPending} busyLabel="Saving...">
            I consent
          </SubmitButton>
        </div>
      </form>
    );
  };

  return (
    <section className="mx-auto max-w-2xl px-4 py-6" aria-labelledby="consent-heading">
      <h1 id="consent-heading" className="text-2xl font-bold sm:text-3xl">
        A parent&apos;s consent
      </h1>
      <div className="mt-4 rounded-2xl bg-white p-4 text-slate-800 ring-1 ring-slate-200 sm:p-6">
        {body()}
      </div>
    </section>
  );
}
