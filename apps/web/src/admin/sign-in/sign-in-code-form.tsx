import { useState, type FormEvent } from 'react';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { errorText, ServerError } from '../../lib/api-request.ts';
import { adminVerifyCode } from '../lib/admin-api.ts';

/** A sign-in the store's second factor stopped: where the code went and what names it. */
export interface SignInChallenge {
  challenge: string;
  sentTo: string;
}

/**
 * The second step of a staff sign-in when the store asks for it: the six-digit code emailed to
 * the staff member. A code that is used up or expired sends them back to the password.
 */
export function SignInCodeForm({
  challenge,
  onStartOver,
}: {
  challenge: SignInChallenge;
  onStartOver: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!/^[0-9]{6}$/.test(digits)) {
      setFieldError('The code is the 6 digits in the email.');
      return;
    }
    setBusy(true);
    setError(null);
    setFieldError(undefined);
    try {
      await adminVerifyCode(challenge.challenge, digits);
    } catch (err) {
      if (err instanceof ServerError && err.field === 'code') setFieldError(errorText(err));
      else setError(errorText(err));
      setBusy(false);
    }
  };

  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={(e) => void submit(e)}>
      <p className="text-sm text-slate-700" role="status">
        We emailed a sign-in code to <strong>{challenge.sentTo}</strong>. It works once, for 10
        minutes.
      </p>
      <TextField
        label="Sign-in code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        error={fieldError}
        onChange={(e) => setCode(e.target.value)}
        autoFocus
      />
      <FormAlert message={error} />
      <SubmitButton busy={busy} busyLabel="Checking...">
        Verify and sign in
      </SubmitButton>
      <button
        type="button"
        className="self-start text-sm font-semibold text-orange-800 underline"
        onClick={onStartOver}
      >
        Start over
      </button>
    </form>
  );
}
