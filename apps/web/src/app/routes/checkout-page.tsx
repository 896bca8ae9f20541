import { useAddresses } from '../../features/addresses/api/address-api.ts';
import { CheckoutView } from '../../features/checkout/components/checkout-view.tsx';
import { usePageTitle } from '../../lib/use-document-meta.ts';
import { useUser } from '../../lib/use-session.ts';
import { CheckoutAddresses } from './checkout-addresses.tsx';

/** /checkout (login required): the checkout feature, with the address choice composed in. */
export function Component() {
  usePageTitle('Checkout');
  const user = useUser();
  const { data, isPending } = useAddresses(user?.user_id ?? '');
  if (!user) return null;
  const addresses = data ?? [];
  const shipping = addresses.find((a) => a.defaultaddressS) ?? null;
  const billing = addresses.find((a) => a.defaultaddressB) ?? null;
  return (
    <CheckoutView
      user={user}
      shipping={shipping}
      billing={billing}
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
