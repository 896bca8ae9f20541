import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import type { Address } from '@shop/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useSetDefaultAddress, type DefaultKind } from '../api/address-api.ts';
import { AddressSummary } from './address-summary.tsx';

interface AddressSelectModalProps {
  userId: string;
  addresses: Address[];
  kind: DefaultKind;
  open: boolean;
  onClose: () => void;
  /** Called with the chosen address after it was saved as the default. */
  onSaved?: (address: Address) => void;
}

/**
 * Choose an address; Save makes it the default shipping or billing address (accounts §4).
 * Saving without a choice says "Please select an address before saving.".
 */
export function AddressSelectModal({
  userId,
  addresses,
  kind,
  open,
  onClose,
  onSaved,
}: AddressSelectModalProps) {
  const [selected, setSelected] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const setDefault = useSetDefaultAddress(userId);
  const close = () => {
    setSelected(null);
    setFailure(null);
    onClose();
  };
  const title = kind === 'shipping' ? 'Select shipping address' : 'Select billing address';
  return (
    <Modal title={title} open={open} onClose={close}>
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          const address = addresses.find((a) => a.id === selected);
          if (!address) {
            setFailure('Please select an address before saving.');
            return;
          }
          setDefault.mutate(
            { id: address.id, kind },
            {
              onSuccess: () => {
                toast.success(
                  kind === 'shipping'
                    ? 'Default shipping address saved'
                    : 'Default billing address saved',
                );
                onSaved?.(address);
                close();
              },
              onError: () => setFailure('An error occurred while setting default address'),
            },
          );
        }}
      >
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">{title}</legend>
          {addresses.length === 0 && (
            <p className="text-sm text-slate-700">You have no saved addresses yet.</p>
          )}
          {addresses.map((a) => (
            <label
              key={a.id}
              className="flex cursor-pointer items-start gap-3 rounded-xl p-3 ring-1 ring-slate-300 has-checked:bg-orange-50 has-checked:ring-2 has-checked:ring-orange-700"
            >
              <input
                type="radio"
                name="address"
                value={a.id}
                checked={selected === a.id}
                onChange={() => {
                  setSelected(a.id);
                  setFailure(null);
                }}
                className="mt-1 size-4 shrink-0 accent-orange-700"
              />
              <AddressSummary address={a} />
            </label>
          ))}
        </fieldset>
        <FormAlert message={failure} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={setDefault.isPending}>
            {setDefault.isPending ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
