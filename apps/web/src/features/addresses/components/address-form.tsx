import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../../lib/toast.ts';
import { ADDRESS_KINDS, addressInputSchema, type Address } from '@shop/contracts';
import { PrivacyNotice } from '../../../components/privacy/privacy-notice.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { TextAreaField, TextField } from '../../../components/ui/text-field.tsx';
import { ServerError } from '../../../lib/api-request.ts';
import { filtered } from '../../../lib/filtered-input.ts';
import { checkPincode } from '@shop/domain';
import { useSaveAddress, useServedPincodes } from '../api/address-api.ts';

/** What the form says of a pincode the shop does not deliver to (it is still saved). */
export const NOT_SERVED_NOTE =
  'We do not deliver to this pincode. You can save it as a billing address, but orders must be shipped to a pincode we deliver to.';

const schema = addressInputSchema.pick({
  location_user: true,
  user_name: true,
  new_address: true,
  area: true,
  city: true,
  pincode: true,
});

interface AddressFormProps {
  userId: string;
  userName: string;
  /** The address to edit; a new one when absent. */
  address?: Address | undefined;
  /**
   * At checkout: a new address the shop delivers to becomes the shipping address (the default
   * shipping one, which checkout reads), as a shopper adding one there expects.
   */
  shipHere?: boolean;
  onDone: () => void;
}

/**
 * Add or edit an address. Any Indian pincode is saved (billing anywhere); the form says when the
 * shop does not deliver there, since checkout takes only such addresses for shipping. The server
 * fills the coordinates.
 */
export function AddressForm({ userId, userName, address, shipHere, onDone }: AddressFormProps) {
  const save = useSaveAddress(userId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      location_user: address?.location_user ?? 'Home',
      user_name: address?.user_name ?? userName,
      new_address: address?.new_address ?? '',
      area: address?.area ?? '',
      city: address?.city ?? '',
      pincode: address?.pincode ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const { data: served } = useServedPincodes();
  const pin = form.watch('pincode');
  const notServed = /^\d{6}$/.test(pin) && served !== undefined && !checkPincode(pin, served).ok;
  const submit = form.handleSubmit(async (input) => {
    setFailure(null);
    try {
      // Not where the shop is known not to deliver (the note above says so).
      const shipsHere =
        shipHere === true &&
        !address &&
        !(served !== undefined && !checkPincode(input.pincode, served).ok);
      const saved = await save.mutateAsync({
        id: address?.id,
        input: shipsHere ? { ...input, defaultaddressS: true } : input,
      });
      toast.success(
        address
          ? 'Address updated'
          : shipsHere
            ? 'Address saved: the order ships here'
            : 'Address saved',
      );
      if (saved.data.deliverable === false) toast.info(NOT_SERVED_NOTE);
      onDone();
    } catch (error) {
      // A message naming one of the form's fields is shown beside it (the message alone).
      const field = error instanceof ServerError ? error.field : null;
      if (field && field in schema.shape && error instanceof ServerError && error.serverMessage) {
        form.setError(field as keyof typeof schema.shape, { message: error.serverMessage });
        return;
      }
      setFailure(
        error instanceof ServerError
          ? (error.serverMessage ?? 'Failed to save address')
          : 'Error saving address',
      );
    }
  });
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={(e) => void submit(e)}>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-800">Address type</legend>
        <div className="mt-1 flex flex-wrap gap-2">
          {ADDRESS_KINDS.map((kind) => (
            <label
              key={kind}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 ring-1 ring-slate-300 has-checked:bg-orange-50 has-checked:ring-2 has-checked:ring-orange-700"
            >
              <input
                type="radio"
                value={kind}
                className="size-4 accent-orange-700"
                {...form.register('location_user')}
              />
              {kind}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label="Name"
        autoComplete="name"
        error={errors.user_name?.message}
        {...form.register('user_name')}
      />
      <TextAreaField
        label="Address"
        rows={3}
        autoComplete="street-address"
        error={errors.new_address?.message}
        {...form.register('new_address')}
      />
      <TextField label="Area / locality" error={errors.area?.message} {...form.register('area')} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label="City"
          autoComplete="address-level2"
          error={errors.city?.message}
          {...form.register('city')}
        />
        <TextField
          label="Pincode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          error={errors.pincode?.message}
          {...filtered(form.register('pincode'), (v) => v.replace(/\D/g, ''))}
        />
      </div>
      {notServed && (
        <p role="status" data-testid="pincode-not-served" className="text-sm text-amber-900">
          {NOT_SERVED_NOTE}
        </p>
      )}
      <PrivacyNotice form="address" />
      <FormAlert message={failure} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save address'}
        </Button>
      </div>
    </form>
  );
}
