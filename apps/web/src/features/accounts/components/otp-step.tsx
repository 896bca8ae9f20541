import { useRef, useState } from 'react';
import { MESSAGES, isCompleteOtp } from '@shop/domain';
import { Button } from '../../../components/ui/button.tsx';
import { OtpBoxes, emptyOtp } from './otp-boxes.tsx';

interface OtpStepProps {
  email: string;
  /** Verifies the code; resolves true when the flow may go on. */
  onVerify: (otp: string) => Promise<void>;
  onResend: () => Promise<void>;
  onChangeEmail: () => void;
}

/** Step 2 of registration and reset: the six boxes, Verify, Resend and a way back. */
export function OtpStep({ email, onVerify, onResend, onChangeEmail }: OtpStepProps) {
  const [boxes, setBoxes] = useState(emptyOtp);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  return (
    <form
      ref={formRef}
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        const otp = boxes.join('');
        if (!isCompleteOtp(otp)) {
          setError(MESSAGES.otpIncomplete);
          return;
        }
        setError(undefined);
        setBusy(true);
        void onVerify(otp).finally(() => {
          setBusy(false);
          // Verify was disabled while it ran, which drops the focus to the page's body: a code
          // refused leaves the shopper at the first box, to type it again.
          formRef.current?.querySelector('input')?.focus();
        });
      }}
    >
      <p className="text-sm text-slate-700">
        We sent a code to <strong className="break-all text-slate-900">{email}</strong>.
      </p>
      <OtpBoxes
        value={boxes}
        autoFocus
        error={error}
        onChange={(next) => {
          setBoxes(next);
          if (error && isCompleteOtp(next.join(''))) setError(undefined);
        }}
      />
      <Button type="submit" className="min-h-11 w-full" disabled={busy}>
        {busy ? 'Verifying...' : 'Verify'}
      </Button>
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="ghost" onClick={onChangeEmail}>
          Change email
        </Button>
        <Button
          variant="ghost"
          disabled={busy}
          onClick={() => {
            setBoxes(emptyOtp());
            void onResend();
          }}
        >
          Resend code
        </Button>
      </div>
    </form>
  );
}
