import { lazy, Suspense, useState } from 'react';
import type { Address } from '@shop/contracts';
import { Button } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import type { DefaultKind } from '../../features/addresses/api/address-api.ts';
import { AddressSelectModal } from '../../features/addresses/components/address-select-modal.tsx';
import { AddressSummary } from '../../features/addresses/components/address-summary.tsx';

interface CheckoutAddressesProps {
  userId: string;
  userName: string;
  addresses: Address[];
  loading: boolean;
  shipping: Address | null;
  billing: Address | null;
}

/**
 * The address form (its validation and form library) loads when "Add a new address" is
 * opened: most shoppers check out with an address they saved, and those scripts were most of
 * what checkout downloaded and ran first.
 */
const AddressForm = lazy(async () => ({
  default: (await import('../../features/addresses/components/address-form.tsx')).AddressForm,
}));

const LABEL: Record<DefaultKind, string> = {
  shipping: 'Shipping address',
  billing: 'Billing address',
};

/**
 * The address choice of checkout, composed here from the address feature (features never
 * import each other): the default shipping and billing addresses, the selection modal that
 * changes them, and "Add a new address" in place.
 */
export function CheckoutAddresses({
  userId,
  userName,
  addresses,
  loading,
  shipping,
  billing,
}: CheckoutAddressesProps) {
  const [choosing, setChoosing] = useState<DefaultKind | null>(null);
  const [adding, setAdding] = useState(false);
  const chosen: Record<DefaultKind, Address | null> = { shipping, billing };

  return (
    <section aria-labelledby="addresses-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="addresses-heading" className="text-lg font-bold text-slate-900">
          Addresses
        </h2>
        <Button variant="secondary" onClick={() => setAdding(true)}>
          Add a new address
        </Button>
      </div>
      {loading ? (
        <p className="text-slate-700">Loading addresses...</p>
      ) : (
        <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
          {(['shipping', 'billing'] as const).map((kind) => {
            const address = chosen[kind];
            return (
              <div
                key={kind}
                className="flex flex-col gap-2 rounded-xl bg-white p-4 ring-1 ring-slate-200"
                data-testid={`${kind}-address`}
              >
                <h3 className="text-sm font-semibold tracking-wide text-slate-700 uppercase">
                  {LABEL[kind]}
                </h3>
                {address ? (
                  <AddressSummary address={address} />
                ) : (
                  <p className="text-sm text-slate-700">
                    {addresses.length === 0 ? 'Add an address to continue.' : 'None chosen yet.'}
                  </p>
                )}
                {addresses.length > 0 && (
                  <Button
                    variant="secondary"
                    className="self-start"
                    aria-label={`${address ? 'Change' : 'Choose'} ${LABEL[kind].toLowerCase()}`}
                    onClick={() => setChoosing(kind)}
                  >
                    {address ? 'Change' : 'Choose'}
                  </Button>
                )}
              </div>
            );
          })}
        </div>
      )}
      <Modal title="Add a new address" open={adding} onClose={() => setAdding(false)}>
        <Suspense fallback={<p className="text-slate-700">Loading the address form...</p>}>
          <AddressForm
            userId={userId}
            userName={userName}
            shipHere
            onDone={() => setAdding(false)}
          />
        </Suspense>
      </Modal>
      {choosing && (
        <AddressSelectModal
          userId={userId}
          addresses={addresses}
          kind={choosing}
          open
          onClose={() => setChoosing(null)}
        />
      )}
    </section>
  );
}
