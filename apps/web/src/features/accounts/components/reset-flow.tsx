import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { z } from 'zod';
import { resetPasswordRequestSchema, sendOtpRequestSchema } from '@shop/contracts';
import { MESSAGES } from '@shop/domain';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { resetPassword, sendResetOtp } from '../api/accounts-api.ts';
import { linkClass } from './auth-card.tsx';
import { EmailCodeFlow } from './email-code-flow.tsx';

/** After a reset, the login screen follows in 2 s (accounts-checkout-payments §9). */
export const RESET_REDIRECT_MS = 2000;

const emailSchema = sendOtpRequestSchema.pick({ email: true });
const passwordSchema = resetPasswordRequestSchema
  .pick({ newPassword: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

/** Step 3: the new password twice; then "Password reset successfully!" and /login in 2 s. */
function PasswordStep({ email, resetToken }: { email: string; resetToken: string }) {
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const form = useForm({
    resolver: zodResolver(passwordSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate('/login'), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);
  const submit = form.handleSubmit(async ({ newPassword }) => {
    try {
      const res = await resetPassword(email, newPassword, resetToken);
      if (!res.success) throw new Error(res.message);
      toast.success(res.message || 'Password reset successfully!');
      setDone(true);
    } catch {
      toast.error('Error resetting password');
    }
  });
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={(e) => void submit(e)}>
      <TextField
        label="New password"
        type="password"
        autoFocus
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...form.register('newPassword')}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <SubmitButton busy={isSubmitting || done} busyLabel={done ? 'Password changed' : 'Saving...'}>
        Reset password
      </SubmitButton>
      {done && (
        <p role="status" className="text-sm text-slate-700">
          Taking you to the login page...
        </p>
      )}
    </form>
  );
}

/** /reset: email, then the emailed code, then a new password; then /login after 2 s. */
export function ResetFlow() {
  return (
    <EmailCodeFlow
      title="Reset your password"
      intro={
        <>
          Remembered it?{' '}
          <Link to="/login" className={linkClass}>
            Login
          </Link>
        </>
      }
      emailSchema={emailSchema}
      send={sendResetOtp}
      sentMessage="OTP sent to your email."
      lastLabel="New password"
      last={(email, proof) => <PasswordStep email={email} resetToken={proof} />}
    />
  );
}
