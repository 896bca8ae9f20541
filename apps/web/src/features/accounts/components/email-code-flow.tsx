import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../../lib/toast.ts';
import type { z } from 'zod';
import type { SuccessResponse } from '@shop/contracts';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { serverMessage } from '../../../lib/api-request.ts';
import { verifyOtp } from '../api/accounts-api.ts';
import { AuthCard } from './auth-card.tsx';
import { OtpStep } from './otp-step.tsx';
import { StepLabel } from './step-label.tsx';

type EmailSchema = z.ZodType<{ email: string }, { email: string }>;

interface EmailCodeFlowProps {
  title: string;
  intro: ReactNode;
  /** Checks the email of step 1 (each flow has its own message). */
  emailSchema: EmailSchema;
  /** Sends the code. */
  send: (email: string) => Promise<SuccessResponse>;
  /** The toast when the server sent no message of its own. */
  sentMessage: string;
  /** Step 3: its label and its form, for the proven email and its single-use proof. */
  lastLabel: string;
  last: (email: string, proof: string) => ReactNode;
  /** Under every step: the privacy notice of what the flow takes (registration's). */
  notice?: ReactNode;
}

/** Sends a code with the spec's toasts; true when it went. */
async function sendCode(
  send: EmailCodeFlowProps['send'],
  email: string,
  sentMessage: string,
): Promise<boolean> {
  try {
    const res = await send(email);
    if (!res.success) {
      toast.error(res.message || 'Error sending OTP');
      return false;
    }
    toast.success(res.message || sentMessage);
    return true;
  } catch (error) {
    toast.error(serverMessage(error, 'Error sending OTP'));
    return false;
  }
}

/** Checks the code; the proof the server answered (the signup or reset token), or null. */
async function verifyCode(email: string, otp: string): Promise<string | null> {
  try {
    const res = await verifyOtp(email, otp);
    const proof = res.signupToken ?? res.resetToken;
    if (!res.success || !proof) {
      toast.error(res.message || 'Error verifying OTP');
      return null;
    }
    toast.success(res.message || 'OTP verified successfully!');
    return proof;
  } catch (error) {
    toast.error(serverMessage(error, 'Error verifying OTP'));
    return null;
  }
}

function EmailStep({
  schema,
  email,
  onSubmit,
}: {
  schema: EmailSchema;
  email: string;
  onSubmit: (email: string) => Promise<void>;
}) {
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { email } });
  const { errors, isSubmitting } = form.formState;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => void form.handleSubmit((values) => onSubmit(values.email))(e)}
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <SubmitButton busy={isSubmitting} busyLabel="Sending code...">
        Send code
      </SubmitButton>
    </form>
  );
}

type Step = 'email' | 'otp' | 'last';

/** Registration and reset: 1 email, 2 the emailed six-digit code, 3 the flow's own form. */
export function EmailCodeFlow(props: EmailCodeFlowProps) {
  const { title, intro, emailSchema, send, sentMessage, lastLabel, last, notice } = props;
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [proof, setProof] = useState('');
  const labels: Record<Step, [number, string]> = {
    email: [1, 'Your email'],
    otp: [2, 'Verify your email'],
    last: [3, lastLabel],
  };
  const [number, label] = labels[step];
  return (
    <AuthCard title={title} intro={intro}>
      <StepLabel step={number} of={3} label={label} />
      {step === 'email' && (
        <EmailStep
          schema={emailSchema}
          email={email}
          onSubmit={async (address) => {
            if (!(await sendCode(send, address, sentMessage))) return;
            setEmail(address);
            setStep('otp');
          }}
        />
      )}
      {step === 'otp' && (
        <OtpStep
          email={email}
          onChangeEmail={() => setStep('email')}
          onResend={() => sendCode(send, email, sentMessage).then(() => undefined)}
          onVerify={async (otp) => {
            const verified = await verifyCode(email, otp);
            if (!verified) return;
            setProof(verified);
            setStep('last');
          }}
        />
      )}
      {step === 'last' && last(email, proof)}
      {notice}
    </AuthCard>
  );
}
