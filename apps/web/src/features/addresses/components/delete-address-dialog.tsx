import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import type { Address } from '@shop/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { failureMessage, useDeleteAddress } from '../api/address-api.ts';
import { AddressSummary } from './address-summary.tsx';

/** Deleting an address asks first (accounts §5). */
export function DeleteAddressDialog({
  userId,
  address,
  onClose,
}: {
  userId: string;
  address: Address | null;
  onClose: () => void;
}) {
  const remove = useDeleteAddress(userId);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setFailure(null);
    onClose();
  };
  return (
    <Modal title="Delete this address?" open={address !== null} onClose={close}>
      {address && (
        <div className="flex flex-col gap-4">
          <AddressSummary address={address} />
          <FormAlert message={failure} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(address.id, {
                  onSuccess: () => {
                    toast.success('Address deleted');
                    close();
                  },
                  onError: (error) =>
                    setFailure(
                      failureMessage(
                        error,
                        'Failed to delete address.',
                        'An error occurred while deleting.',
                      ),
                    ),
                })
              }
            >
              {remove.isPending ? 'Deleting...' : 'Delete'}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
