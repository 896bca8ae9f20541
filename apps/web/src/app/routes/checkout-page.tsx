import { useState } from 'react';
import type { Admission } from '@shop/contracts';
import { LiveConsentBox } from '../../components/privacy/consent-box.tsx';
import { Link, Navigate } from 'react-router';
import { addressesQuery, useAddresses } from '../../features/addresses/api/address-api.ts';
import { useKnownAdmission } from '../../features/admissions/api/use-known-admission.ts';
import { AcademyRules } from '../../features/admissions/components/academy-rules.tsx';
import { ConsentStatus } from '../../features/admissions/components/parent-consent-fields.tsx';
import { profileQuery } from '../../features/checkout/api/checkout-api.ts';
import { CheckoutSkeleton } from '../../features/checkout/components/checkout-skeleton.tsx';
import { CheckoutView } from '../../features/checkout/components/checkout-view.tsx';
import {
  readCheckoutData,
  setCourseBuyNow,
  type StoredAdmission,
} from '../../lib/checkout-handoff.ts';
import { queryClient } from '../../lib/query-client.ts';
import { getUser } from '../../lib/session.ts';
import { usePageTitle } from '../../lib/use-document-meta.ts';
import { useUser } from '../../lib/use-session.ts';
import { CheckoutAddresses } from './checkout-addresses.tsx';

/**
 * The shopper's addresses and profile are asked for as the route loads, before the page first
 * renders (it waits for both), so it draws in one pass. Nothing is awaited.
 */
export function loader() {
  const user = getUser();
  if (user) {
    if (!courseOnly()) void queryClient.prefetchQuery(addressesQuery(user.user_id));
    void queryClient.prefetchQuery(profileQuery(user.user_id));
  }
  return null;
}

/** Courses only in the handoff: paid with the admission (no addresses, no delivery). */
function courseOnly() {
  const data = readCheckoutData();
  return data !== null && data.products.length > 0 && data.products.every((p) => p.course);
}

function AdmissionPanel({ admission }: { admission: StoredAdmission }) {
  return (
    <div className="flex flex-col gap-4">
      <section
        aria-labelledby="admission-summary-heading"
        className="rounded-2xl bg-white p-4 ring-1 ring-slate-200"
      >
        <h2 id="admission-summary-heading" className="text-lg font-bold text-slate-900">
          Admission
        </h2>
        <p className="mt-1 text-slate-800">
          {admission.name} · {admission.center}
        </p>
        <Link to="/admission-form" className="mt-1 inline-block text-sm font-semibold underline">
          Edit the admission form
        </Link>
      </section>
      <AcademyRules />
    </div>
  );
}

/** A child's admission not yet consented to by a parent: nothing to pay yet (issue 61 item 4). */
function AwaitingParent({ admission }: { admission: Admission }) {
  return (
    <section aria-labelledby="awaiting-parent-heading" className="mx-auto mt-4 max-w-xl px-4">
      <h1 id="awaiting-parent-heading" className="text-2xl font-bold text-slate-900">
        Checkout
      </h1>
      <div className="mt-4 flex flex-col gap-3">
        <ConsentStatus admission={admission} />
        <Link to="/admission-form" className="tap self-start font-semibold underline">
          Open the admission form
        </Link>
      </div>
    </section>
  );
}

/**
 * /checkout (login required): the checkout feature, with the address choice composed in; for
 * courses only, the admission and the academy's fee rules instead (admission payments), or the
 * admission form first when the shopper has no admission yet (here or on the server).
 */
export function Component() {
  usePageTitle('Checkout');
  const user = useUser();
  const [admissionOrder] = useState(courseOnly);
  const { admission, onServer, checking, waiting } = useKnownAdmission(
    admissionOrder ? user : null,
  );
  const { data, isPending } = useAddresses(user?.user_id ?? '', !admissionOrder);
  if (!user) return null;
  if (admissionOrder) {
    if (checking) return <CheckoutSkeleton />;
    if (!admission) {
      setCourseBuyNow(true);
      return <Navigate to="/admission-form" replace />;
    }
    if (waiting && onServer) return <AwaitingParent admission={onServer} />;
    return (
      <CheckoutView
        user={user}
        shipping={null}
        billing={null}
        admissionId={admission.id}
        addressPanel={<AdmissionPanel admission={admission} />}
      />
    );
  }
  const addresses = data ?? [];
  const shipping = addresses.find((a) => a.defaultaddressS) ?? null;
  const billing = addresses.find((a) => a.defaultaddressB) ?? null;
  return (
    <CheckoutView
      user={user}
      shipping={shipping}
      billing={billing}
      loading={isPending}
      consents={
        <LiveConsentBox userId={user.user_id} purpose="whatsapp_updates" source="checkout" />
      }
      addressPanel={
        <CheckoutAddresses
          userId={user.user_id}
          userName={user.full_name || user.name}
          addresses={addresses}
          loading={isPending}
          shipping={shipping}
          billing={billing}
        />
      }
    />
  );
}
