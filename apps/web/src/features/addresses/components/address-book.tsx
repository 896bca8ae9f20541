import { useState } from 'react';
import type { Address } from '@shop/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useAddresses, type DefaultKind } from '../api/address-api.ts';
import { AddressForm } from './address-form.tsx';
import { AddressSelectModal } from './address-select-modal.tsx';
import { AddressSummary } from './address-summary.tsx';
import { DeleteAddressDialog } from './delete-address-dialog.tsx';

type Editing = { mode: 'add' } | { mode: 'edit'; address: Address } | null;

/** The Address tab: saved addresses, add, edit, delete (confirmed) and the two defaults. */
export function AddressBook({ userId, userName }: { userId: string; userName: string }) {
  const { data: addresses, isPending, isError, refetch } = useAddresses(userId);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const [choosing, setChoosing] = useState<DefaultKind | null>(null);
  const list = addresses ?? [];

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-bold text-slate-900">Saved addresses</h2>
        <Button onClick={() => setEditing({ mode: 'add' })}>Add address</Button>
      </div>
      {list.length > 0 && (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setChoosing('shipping')}>
            Choose default shipping
          </Button>
          <Button variant="secondary" onClick={() => setChoosing('billing')}>
            Choose default billing
          </Button>
        </div>
      )}
      {isPending && <p className="text-slate-700">Loading addresses...</p>}
      {isError && (
        <p className="text-slate-700">
          Your addresses could not be loaded.{' '}
          <Button variant="ghost" onClick={() => void refetch()}>
            Try again
          </Button>
        </p>
      )}
      {!isPending && !isError && list.length === 0 && (
        <p className="text-slate-700">You have no saved addresses yet.</p>
      )}
      <ul aria-label="Saved addresses" className="grid grid-cols-1 gap-3 md:grid-cols-2">
        {list.map((a) => (
          <li
            key={a.id}
            className="flex flex-col justify-between gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200"
          >
            <AddressSummary address={a} />
            <div className="flex gap-2">
              <Button
                variant="secondary"
                aria-label={`Edit ${a.location_user} address`}
                onClick={() => setEditing({ mode: 'edit', address: a })}
              >
                Edit
              </Button>
              <Button
                variant="secondary"
                aria-label={`Delete ${a.location_user} address`}
                onClick={() => setDeleting(a)}
              >
                Delete
              </Button>
            </div>
          </li>
        ))}
      </ul>

      <Modal
        title={editing?.mode === 'edit' ? 'Edit address' : 'Add address'}
        open={editing !== null}
        onClose={() => setEditing(null)}
      >
        <AddressForm
          key={editing?.mode === 'edit' ? editing.address.id : 'new'}
          userId={userId}
          userName={userName}
          address={editing?.mode === 'edit' ? editing.address : undefined}
          onDone={() => setEditing(null)}
        />
      </Modal>

      <DeleteAddressDialog userId={userId} address={deleting} onClose={() => setDeleting(null)} />

      {choosing && (
        <AddressSelectModal
          userId={userId}
          addresses={list}
          kind={choosing}
          open
          onClose={() => setChoosing(null)}
        />
      )}
    </div>
  );
}
