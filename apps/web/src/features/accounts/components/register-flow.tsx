import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { z } from 'zod';
import { signupRequestSchema } from '@shop/contracts';
import { MESSAGES, MOBILE_INPUT_MAX_LENGTH, looksLikeEmail, mobileInput } from '@shop/domain';
import { PrivacyNotice } from '../../../components/privacy/privacy-notice.tsx';
import { ConsentBox } from '../../../components/privacy/consent-box.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorText } from '../../../lib/api-request.ts';
import { filtered } from '../../../lib/filtered-input.ts';
import { pathWithNext } from '../../../lib/return-path.ts';
import { giveConsent } from '../../../lib/consents-api.ts';
import { logError } from '../../../lib/log-error.ts';
import { saveSession, takeReturnPage } from '../../../lib/session.ts';
import { sendOtp, signup } from '../api/accounts-api.ts';
import { linkClass } from './auth-card.tsx';
import { EmailCodeFlow } from './email-code-flow.tsx';

const emailSchema = z.object({
  email: z.string().trim().refine(looksLikeEmail, { message: MESSAGES.invalidEmail }),
});
const detailsSchema = signupRequestSchema.omit({ main_id: true, email: true, signupToken: true });

/** The account is made; only the offers choice was not kept (the privacy page can set it). */
function marketingNotSaved(error: unknown) {
  logError('sign-up marketing consent', error);
  toast.error('Your choice about offer emails was not saved: set it in My account → Privacy.');
}

/**
 * Step 3: phone (optional; typed as people write it, "+91 98200 12345" included, and read by the
 * domain's validateMobile), full name, the proven email, password; then back to the page the
 * shopper came from (`?next=` or the remembered page, checkout say), or home.
 */
function DetailsStep({ email, signupToken }: { email: string; signupToken: string }) {
  const navigate = useNavigate();
  const next = useSearchParams()[0].get('next');
  const form = useForm({
    resolver: zodResolver(detailsSchema),
    defaultValues: { mobile: '', full_name: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const [marketing, setMarketing] = useState(false);
  const submit = form.handleSubmit(async (values) => {
    try {
      const res = await signup({ email, signupToken, ...values });
      saveSession(res.newUser, res);
      if (marketing) await giveConsent('marketing_email', 'sign_up').catch(marketingNotSaved);
      toast.success('Registration successful!');
      void navigate(takeReturnPage(next), { replace: true });
    } catch (error) {
      toast.error(errorText(error));
    }
  });
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={(e) => void submit(e)}>
      <TextField
        label="Phone"
        type="tel"
        autoFocus
        inputMode="tel"
        autoComplete="tel"
        maxLength={MOBILE_INPUT_MAX_LENGTH}
        error={errors.mobile?.message}
        {...filtered(form.register('mobile'), mobileInput)}
      />
      <TextField
        label="Full name"
        autoComplete="name"
        error={errors.full_name?.message}
        {...form.register('full_name')}
      />
      <TextField label="Email" type="email" value={email} readOnly />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <ConsentBox purpose="marketing_email" checked={marketing} onChange={setMarketing} />
      <SubmitButton busy={isSubmitting} busyLabel="Creating account...">
        Create account
      </SubmitButton>
    </form>
  );
}

/** /register: email, then the emailed code, then phone, name and password; then back or home. */
export function RegisterFlow() {
  const next = useSearchParams()[0].get('next');
  return (
    <EmailCodeFlow
      title="Create your account"
      intro={
        <>
          Already have one?{' '}
          <Link to={pathWithNext('/login', next)} className={linkClass}>
            Login
          </Link>
        </>
      }
      emailSchema={emailSchema}
      send={sendOtp}
      sentMessage="OTP sent successfully!"
      lastLabel="Your details"
      last={(email, proof) => <DetailsStep email={email} signupToken={proof} />}
      notice={<PrivacyNotice form="sign-up" className="mt-4" />}
    />
  );
}
