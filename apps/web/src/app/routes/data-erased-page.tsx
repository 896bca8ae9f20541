import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import type { PrivacyErasure } from '@shop/contracts';
import { ErasureOutcome, erasureDate } from '../../features/privacy/erase-my-data.tsx';
import { clearSession, getUser } from '../../lib/session.ts';
import { usePageTitle } from '../../lib/use-document-meta.ts';

function erasureOf(state: unknown): PrivacyErasure | null {
  if (!state || typeof state !== 'object') return null;
  const erasure = (state as { erasure?: unknown }).erasure;
  return erasure && typeof erasure === 'object' ? (erasure as PrivacyErasure) : null;
}

/**
 * /data-erased (public): what the erasure deleted and what the law keeps (issue 61 item 3), from
 * the answer the privacy page passed in the history state. Coming from there, it signs the
 * shopper out in this browser (the server already ended every session) and drops what was
 * cached of their account.
 */
export function Component() {
  usePageTitle('Your data was erased');
  const erasure = erasureOf(useLocation().state);
  const client = useQueryClient();
  useEffect(() => {
    if (!erasure) return;
    const user = getUser();
    clearSession();
    if (user) client.removeQueries({ predicate: (q) => q.queryKey.includes(user.user_id) });
  }, [erasure, client]);
  return (
    <section
      className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10"
      aria-labelledby="erased-heading"
    >
      <h1 id="erased-heading" className="text-2xl font-bold text-slate-900">
        Your data was erased
      </h1>
      <p className="mt-1 text-slate-800">
        {erasure?.done_at ? `Done ${erasureDate(erasure.done_at)}. ` : ''}You are signed out on
        every device, and your account can no longer be used. You may sign up again with the same
        email as a new customer.
      </p>
      {erasure && (
        <div className="mt-6">
          <ErasureOutcome erasure={erasure} />
        </div>
      )}
      <Link
        to="/"
        className="mt-6 inline-flex min-h-tap items-center text-sm font-semibold underline"
      >
        Back to the shop
      </Link>
    </section>
  );
}
