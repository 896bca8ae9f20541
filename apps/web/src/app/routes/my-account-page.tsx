import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { AccountHelp } from '../../features/accounts/components/account-help.tsx';
import { PayAgainButton } from '../../features/checkout/components/pay-again-button.tsx';
import { OrdersList } from '../../features/orders/components/orders-list.tsx';
import { clearSession } from '../../lib/session.ts';
import { useCartMode } from '../../lib/store-queries.ts';
import { displayName, revokeSession, useUser } from '../../lib/use-session.ts';
import { usePageTitle } from '../../lib/use-document-meta.ts';

/**
 * The address book (its forms, validation and modals) loads when its tab is opened: the page
 * opens on Orders, and those scripts were most of what it downloaded and ran first.
 */
const AddressBook = lazy(async () => ({
  default: (await import('../../features/addresses/components/address-book.tsx')).AddressBook,
}));

type TabId = 'orders' | 'address' | 'help';
const TAB_LABELS: Record<TabId, string> = { orders: 'Orders', address: 'Address', help: 'Help' };

/**
 * /my-account (login required): Orders (an order awaiting its payment with checkout's Pay now),
 * Address (not for get-quote stores), Help and Logout.
 */
export function Component() {
  usePageTitle('My account');
  const user = useUser();
  const navigate = useNavigate();
  const mode = useCartMode();
  const [params, setParams] = useSearchParams();
  const [leaving, setLeaving] = useState(false);
  const tabs: TabId[] = mode === 'getquote' ? ['orders', 'help'] : ['orders', 'address', 'help'];
  const asked = params.get('tab') as TabId | null;
  const active: TabId = asked && tabs.includes(asked) ? asked : 'orders';
  if (!user) return null;

  const logout = async () => {
    setLeaving(true);
    await revokeSession();
    clearSession();
    await navigate('/login', { replace: true });
  };

  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-6 sm:py-10">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">My account</h1>
        <Button variant="secondary" onClick={() => void logout()} disabled={leaving}>
          {leaving ? 'Logging out...' : 'Logout'}
        </Button>
      </div>
      <p className="mt-1 text-slate-800">Hi, {displayName(user)}</p>
      <p className="text-sm break-all text-slate-700">{user.email}</p>
      <Link
        to="/my-account/privacy"
        className="mt-2 inline-flex min-h-tap items-center text-sm font-semibold underline"
      >
        Privacy: your data and consents
      </Link>
      <div className="mt-6">
        <Tabs
          label="My account"
          tabs={tabs.map((key) => ({ key, label: TAB_LABELS[key] }))}
          active={active}
          onChange={(key) => setParams(key === 'orders' ? {} : { tab: key }, { replace: true })}
          listClass="flex gap-1 overflow-x-auto border-b border-slate-200"
          tabClass={(selected) =>
            `min-h-11 shrink-0 border-b-2 px-4 text-sm font-semibold ${
              selected ? 'border-orange-700 text-slate-900' : 'border-transparent text-slate-700'
            }`
          }
          panelClass="py-5"
        >
          {active === 'orders' && (
            <OrdersList
              userId={user.user_id}
              payNow={(order) => <PayAgainButton user={user} order={order} />}
            />
          )}
          {active === 'address' && (
            <Suspense fallback={<p className="text-slate-700">Loading addresses...</p>}>
              <AddressBook userId={user.user_id} userName={user.full_name || user.name} />
            </Suspense>
          )}
          {active === 'help' && <AccountHelp />}
        </Tabs>
      </div>
    </section>
  );
}
