import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import {
  ADMISSION_CENTERS,
  ADMISSION_CONSENT_MESSAGES,
  ADMISSION_GENDERS,
  ADMISSION_MESSAGES,
  GUARDIAN_RELATIONS,
  admissionFieldsSchema,
  admissionUpdateRequestSchema,
  optionalAadharSchema,
  type AccountUser,
  type Admission,
} from '@shop/contracts';
import { indiaDay, needsParentConsent } from '@shop/domain';
import { LiveConsentBox } from '../../../components/privacy/consent-box.tsx';
import { PrivacyNotice } from '../../../components/privacy/privacy-notice.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextAreaField, TextField } from '../../../components/ui/text-field.tsx';
import { ServerError } from '../../../lib/api-request.ts';
import { readCheckoutData, saveAdmission } from '../../../lib/checkout-handoff.ts';
import { filtered } from '../../../lib/filtered-input.ts';
import { logError } from '../../../lib/log-error.ts';
import { admissionKey, submitAdmission } from '../api/admission-api.ts';
import { AdmissionSelect } from './admission-select.tsx';
import { ConsentStatus, ParentConsentFields } from './parent-consent-fields.tsx';

const isChild = (dob: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(dob) && needsParentConsent(dob, indiaDay(new Date()));

/**
 * The form's rules; with an admission on file an empty Aadhaar keeps the stored number. A child's
 * admission asks how the parent consents (unless one has already consented).
 */
const formSchema = (onFile: boolean, consented: boolean) =>
  admissionFieldsSchema
    .extend({
      aadhar: onFile ? admissionUpdateRequestSchema.shape.aadhar : optionalAadharSchema,
      consentMethod: z.enum(['', 'declared', 'email']),
      parentEmail: z.string().trim(),
    })
    .superRefine((v, ctx) => {
      if (consented || !isChild(v.dob)) return;
      if (v.consentMethod === '') {
        ctx.addIssue({ code: 'custom', path: ['consentMethod'], message: CONSENT_CHOICE });
      }
      if (v.consentMethod === 'email' && !z.email().safeParse(v.parentEmail).success) {
        ctx.addIssue({
          code: 'custom',
          path: ['parentEmail'],
          message:
            v.parentEmail === ''
              ? ADMISSION_CONSENT_MESSAGES.parentEmailRequired
              : 'Please enter a valid email address.',
        });
      }
    });

export const CONSENT_CHOICE = 'Please choose how a parent consents for a student under 18.';

const EMPTY = {
  name: '',
  guardianName: '',
  guardianRelation: '' as Admission['guardianRelation'],
  guardianMobile: '',
  guardian2Name: '',
  guardian2Relation: '' as Admission['guardian2Relation'],
  guardian2Mobile: '',
  dob: '',
  aadhar: '',
  gender: '' as Admission['gender'],
  school: '',
  address: '',
  pincode: '',
  mobile: '',
  email: '',
  center: '' as Admission['center'],
  rulesAgreed: false as unknown as true,
  consentMethod: '' as '' | 'declared' | 'email',
  parentEmail: '',
};

const valuesOf = (a: Admission | null, user: AccountUser) =>
  a
    ? {
        ...EMPTY,
        ...a,
        aadhar: '',
        rulesAgreed: false as unknown as true,
      }
    : { ...EMPTY, mobile: user.mobile ?? '', email: user.email };

interface AdmissionFormProps {
  user: AccountUser;
  /** The user's admission (from GET /admission/single), or null for a first one. */
  existing: Admission | null;
  /** The course choice, first in the form (the route composes it: issue 59 item 5). */
  courseField?: ReactNode;
}

/**
 * The admission form (accounts-checkout-payments §4, §5, §8): every field and message of the
 * spec; an existing admission is updated. On success the answer is kept as `admission`, a toast
 * says so, the form resets and the user goes to /checkout when checkout data is waiting (a
 * course bought now), else to /admission-form-step-2. A network error toasts; a refused answer
 * shows nothing (the spec).
 */
export function AdmissionForm({ user, existing, courseField }: AdmissionFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const consented = existing?.parentConsent != null;
  const schema = useMemo(() => formSchema(existing !== null, consented), [existing, consented]);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: valuesOf(existing, user),
  });
  const { errors, isSubmitting } = form.formState;
  const { reset } = form;
  useEffect(() => reset(valuesOf(existing, user)), [existing, user, reset]);

  const onInvalid = (e: FieldErrors) => {
    if (e.aadhar) toast.error(ADMISSION_MESSAGES.aadharToast);
    if (e.rulesAgreed) toast.error(ADMISSION_MESSAGES.rulesToast);
  };
  const child = isChild(form.watch('dob'));
  const submit = form.handleSubmit(async (values) => {
    const { consentMethod, parentEmail, ...fields } = values;
    const asking = child && !consented;
    try {
      const res = await submitAdmission(existing?.id ?? null, {
        ...fields,
        aadhar: fields.aadhar ?? '',
        user_id: user.user_id,
        user_name: user.full_name || user.name,
        ...(asking &&
          consentMethod !== '' && {
            parentConsent:
              consentMethod === 'declared'
                ? { method: 'declared' as const, declaration: true as const }
                : { method: 'email' as const, parentEmail },
          }),
      });
      saveAdmission(res.data);
      queryClient.setQueryData(admissionKey(user.user_id), res.data);
      reset(valuesOf(res.data, user));
      if (res.data.status === 'awaiting_parent_consent') {
        // Not submitted to the academy yet: the page says whom it waits for.
        toast.success(ADMISSION_CONSENT_MESSAGES.requested);
        return;
      }
      toast.success(ADMISSION_MESSAGES.submitted);
      await navigate(readCheckoutData() ? '/checkout' : '/admission-form-step-2');
    } catch (error) {
      // A refused answer shows nothing (accounts-checkout-payments §4); a network error toasts.
      if (error instanceof ServerError) logError('admission refused', error);
      else toast.error(ADMISSION_MESSAGES.failed);
    }
  }, onInvalid);

  return (
    <form
      noValidate
      className="grid grid-cols-1 gap-4 sm:grid-cols-2"
      onSubmit={(e) => void submit(e)}
      aria-label="Admission form"
    >
      {existing && <ConsentStatus admission={existing} />}
      {courseField}
      <TextField
        label="Student name"
        autoComplete="name"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextField
        label="Date of birth"
        type="date"
        error={errors.dob?.message}
        {...form.register('dob')}
      />
      <fieldset className="grid grid-cols-1 gap-4 sm:col-span-2 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Parent or guardian</legend>
        <TextField
          label="Parent or guardian's name"
          autoComplete="off"
          error={errors.guardianName?.message}
          {...form.register('guardianName')}
        />
        <AdmissionSelect
          label="Relation"
          options={GUARDIAN_RELATIONS}
          error={errors.guardianRelation?.message}
          {...form.register('guardianRelation')}
        />
        <TextField
          label="Their mobile"
          type="tel"
          inputMode="tel"
          maxLength={16}
          error={errors.guardianMobile?.message}
          {...form.register('guardianMobile')}
        />
      </fieldset>
      <details className="sm:col-span-2" open={existing?.guardian2Name ? true : undefined}>
        <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold text-orange-800">
          Add a second parent or guardian (optional)
        </summary>
        <div className="mt-2 grid grid-cols-1 gap-4 sm:grid-cols-3">
          <TextField
            label="Second parent's name"
            autoComplete="off"
            error={errors.guardian2Name?.message}
            {...form.register('guardian2Name')}
          />
          <AdmissionSelect
            label="Their relation"
            options={GUARDIAN_RELATIONS}
            error={errors.guardian2Relation?.message}
            {...form.register('guardian2Relation')}
          />
          <TextField
            label="Their mobile (optional)"
            type="tel"
            inputMode="tel"
            maxLength={16}
            error={errors.guardian2Mobile?.message}
            {...form.register('guardian2Mobile')}
          />
        </div>
      </details>
      <div className="flex flex-col gap-1">
        <TextField
          label="Aadhar number (optional)"
          inputMode="numeric"
          autoComplete="off"
          maxLength={12}
          placeholder={existing?.aadhar || '12-digit Aadhar number'}
          error={errors.aadhar?.message}
          {...filtered(form.register('aadhar'), (v) => v.replace(/\D/g, '').slice(0, 12))}
        />
        {existing?.aadhar ? (
          <p className="text-sm text-slate-700">
            On file: {existing.aadhar}. Leave it empty to keep it.
          </p>
        ) : (
          <p className="text-sm text-slate-700">
            Not required for admission. If given, it is kept encrypted and shown masked.
          </p>
        )}
      </div>
      <AdmissionSelect
        label="Gender"
        options={ADMISSION_GENDERS}
        error={errors.gender?.message}
        {...form.register('gender')}
      />
      <TextField
        label="School (optional)"
        error={errors.school?.message}
        {...form.register('school')}
      />
      <TextField
        label="Mobile number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={16}
        error={errors.mobile?.message}
        {...form.register('mobile')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <TextField
        label="Pincode"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={6}
        error={errors.pincode?.message}
        {...filtered(form.register('pincode'), (v) => v.replace(/\D/g, ''))}
      />
      <div className="sm:col-span-2">
        <TextAreaField
          label="Address"
          rows={3}
          autoComplete="street-address"
          error={errors.address?.message}
          {...form.register('address')}
        />
      </div>
      <AdmissionSelect
        label="Centre"
        options={ADMISSION_CENTERS}
        error={errors.center?.message}
        {...form.register('center')}
      />
      <div className="flex flex-col gap-1 sm:col-span-2">
        <label className="flex min-h-11 items-start gap-3 text-sm text-slate-800">
          <input
            type="checkbox"
            className="mt-0.5 size-5 accent-orange-700"
            aria-invalid={errors.rulesAgreed ? true : undefined}
            aria-describedby={errors.rulesAgreed ? 'rules-error' : undefined}
            {...form.register('rulesAgreed')}
          />
          <span>
            I agree to the academy&apos;s{' '}
            <Link to="/rules-and-regulations" className="font-semibold text-orange-800 underline">
              Rules &amp; Regulations
            </Link>
            .
          </span>
        </label>
        {errors.rulesAgreed && (
          <p id="rules-error" className="text-sm font-medium text-red-700">
            {errors.rulesAgreed.message}
          </p>
        )}
      </div>
      {child && !consented && (
        <ParentConsentFields
          register={form.register}
          method={form.watch('consentMethod')}
          errors={{
            method: errors.consentMethod?.message,
            parentEmail: errors.parentEmail?.message,
          }}
        />
      )}
      <LiveConsentBox
        userId={user.user_id}
        purpose="course_photos"
        source="admission"
        className="sm:col-span-2"
      />
      <PrivacyNotice form="admission" className="sm:col-span-2" />
      <div className="sm:col-span-2">
        <SubmitButton busy={isSubmitting} busyLabel="Submitting...">
          Submit
        </SubmitButton>
      </div>
    </form>
  );
}
