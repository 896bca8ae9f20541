import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { z } from 'zod';
import { fullNameSchema, type AccountUser } from '@shop/contracts';
import {
  CUSTOMER_GST_NO,
  CUSTOMER_GST_NO_MESSAGE,
  MOBILE_INVALID_MESSAGE,
  validateMobile,
} from '@shop/domain';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { ServerError, errorText } from '../../lib/api-request.ts';
import { profileQuery, saveProfile, useProfile } from '../../lib/profile-api.ts';
import { getUser, saveUser } from '../../lib/session.ts';

/** The form as the server checks it; an empty mobile or GST box is allowed here, see submit. */
const schema = z.object({
  full_name: fullNameSchema,
  mobile: z
    .string()
    .trim()
    .refine((m) => m === '' || validateMobile(m).ok, { message: MOBILE_INVALID_MESSAGE }),
  user_gstNo: z
    .string()
    .trim()
    .toUpperCase()
    .regex(CUSTOMER_GST_NO, { message: CUSTOMER_GST_NO_MESSAGE }),
});
type Field = keyof typeof schema.shape;
const FIELDS = Object.keys(schema.shape) as Field[];

/**
 * "Correct your details" on the privacy page (DPDP Act s.12(1), issue 61 item 3): the name,
 * mobile and GST number the shop keeps, corrected with one Save; addresses have their own tab.
 */
export function CorrectMyDetails({ userId }: { userId: string }) {
  const profile = useProfile(userId);
  return (
    <section
      id="details"
      aria-labelledby="details-heading"
      className="flex scroll-mt-24 flex-col gap-3"
    >
      <div>
        <h2 id="details-heading" className="text-lg font-bold text-slate-900">
          Correct your details
        </h2>
        <p className="text-sm text-slate-700">
          The name, mobile and GST number the shop keeps for you. Fix anything wrong and save.
        </p>
      </div>
      {profile.isPending ? (
        <p className="text-slate-700">Loading your details...</p>
      ) : profile.isError ? (
        <p role="alert" className="text-red-800">
          {errorText(profile.error)}
        </p>
      ) : (
        <DetailsForm userId={userId} stored={profile.data.data} />
      )}
      <p>
        <Link
          to="/my-account?tab=address"
          className="inline-flex min-h-tap items-center text-sm font-semibold underline"
        >
          Change your addresses
        </Link>
      </p>
    </section>
  );
}

function DetailsForm({ userId, stored }: { userId: string; stored: AccountUser }) {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<{ saved: true } | { failure: string } | null>(null);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      full_name: stored.full_name,
      mobile: stored.mobile,
      user_gstNo: stored.user_gstNo,
    },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const submit = form.handleSubmit(async ({ full_name, mobile, user_gstNo }) => {
    setOutcome(null);
    // The account's mobile can be changed, not removed (erasure removes it).
    if (mobile === '' && stored.mobile !== '') {
      form.setError('mobile', { message: MOBILE_INVALID_MESSAGE }, { shouldFocus: true });
      return;
    }
    try {
      const res = await saveProfile(userId, {
        full_name,
        ...(mobile !== '' && { mobile }),
        user_gstNo,
      });
      const user = res.data;
      form.reset({ full_name: user.full_name, mobile: user.mobile, user_gstNo: user.user_gstNo });
      // The header and checkout read the new values at once.
      if (getUser()?.user_id === user.user_id) saveUser(user);
      await queryClient.invalidateQueries({ queryKey: profileQuery(userId).queryKey });
      setOutcome({ saved: true });
    } catch (error) {
      // A refusal naming one of the fields is shown beside it.
      const field = error instanceof ServerError ? (error.field as Field | null) : null;
      if (field && FIELDS.includes(field) && error instanceof ServerError && error.serverMessage) {
        form.setError(field, { message: error.serverMessage }, { shouldFocus: true });
        return;
      }
      setOutcome({ failure: errorText(error) });
    }
  });
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={(e) => void submit(e)}>
      <TextField
        label="Full name"
        autoComplete="name"
        error={errors.full_name?.message}
        {...form.register('full_name')}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label="Mobile"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          error={errors.mobile?.message}
          {...form.register('mobile')}
        />
        <TextField
          label="GST number (optional)"
          autoCapitalize="characters"
          spellCheck={false}
          error={errors.user_gstNo?.message}
          {...form.register('user_gstNo')}
        />
      </div>
      {/* Under Save on a phone, beside it from sm up; the live region is always there. */}
      <div className="flex flex-wrap items-center gap-x-4">
        <Button type="submit" className="w-full px-6 sm:w-auto" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save'}
        </Button>
        <p role="status" className="text-sm font-medium text-green-800">
          {outcome && 'saved' in outcome && !isDirty && (
            <span className="mt-2 block sm:mt-0">Saved.</span>
          )}
        </p>
        {outcome && 'failure' in outcome && (
          <p role="alert" className="mt-2 text-sm font-medium text-red-800 sm:mt-0">
            {outcome.failure}
          </p>
        )}
      </div>
    </form>
  );
}
