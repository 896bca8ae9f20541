import { useState, type FormEvent } from 'react';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { STORE_ID } from '../../lib/api-client.ts';
import { errorText, requestJson } from '../../lib/api-request.ts';
import { adminSignIn } from '../lib/admin-api.ts';
import type { SignInChallenge } from './sign-in-code-form.tsx';

/**
 * Accepting a staff invite: the emailed code, a name and a password; then signed in (or, when
 * the store asks for a second factor, on to the sign-in code through `onChallenge`).
 */
export function AcceptInviteForm({
  onChallenge,
}: {
  onChallenge: (challenge: SignInChallenge) => void;
}) {
  const [fields, setFields] = useState({ email: '', code: '', fullName: '', password: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof fields) => (e: { target: { value: string } }) =>
    setFields({ ...fields, [key]: e.target.value });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await requestJson('POST', '/admin/staff/accept', {
        main_id: STORE_ID,
        email: fields.email.trim(),
        code: fields.code.trim(),
        full_name: fields.fullName.trim(),
        password: fields.password,
      });
      const result = await adminSignIn(fields.email.trim(), fields.password);
      if ('challenge' in result) onChallenge(result);
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  };

  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={(e) => void submit(e)}>
      <TextField
        label="Email"
        type="email"
        autoComplete="username"
        value={fields.email}
        onChange={set('email')}
      />
      <TextField
        label="Invite code"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={fields.code}
        onChange={set('code')}
      />
      <TextField
        label="Your name"
        autoComplete="name"
        value={fields.fullName}
        onChange={set('fullName')}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        value={fields.password}
        onChange={set('password')}
      />
      <FormAlert message={error} />
      <SubmitButton busy={busy} busyLabel="Joining...">
        Join and sign in
      </SubmitButton>
    </form>
  );
}
