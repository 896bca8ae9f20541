import { useEffect, useState, type FormEvent } from 'react';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { errorText } from '../../lib/api-request.ts';
import { useShopName } from '../../lib/store-queries.ts';
import { adminSignIn } from '../lib/admin-api.ts';
import { AcceptInviteForm } from './accept-invite-form.tsx';
import { SignInCodeForm, type SignInChallenge } from './sign-in-code-form.tsx';

/**
 * The admin sign-in (shown at any admin address while signed out): email and password at this
 * build's store. The server's message is shown as it is (a customer account is told it cannot
 * sign in here); on success the page asked for is shown. When the store asks staff for a second
 * factor, the right password leads to the emailed code's form.
 */
export function SignInPage() {
  const shopName = useShopName();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [joining, setJoining] = useState(false);
  const [challenge, setChallenge] = useState<SignInChallenge | null>(null);
  useEffect(() => {
    document.title = joining ? 'Accept your invite | Admin' : 'Sign in | Admin';
  }, [joining]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim() || !password) {
      setError('Enter your email and password.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await adminSignIn(email.trim(), password);
      if ('challenge' in result) {
        setChallenge(result);
        setPassword('');
        setBusy(false);
      }
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  };

  return (
    <main className="flex min-h-dvh items-start justify-center bg-slate-100 px-4 py-10 sm:items-center">
      <div className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <p className="text-sm font-semibold text-orange-800">{shopName || 'Shop'} admin</p>
        <h1 className="mt-1 mb-5 text-2xl font-bold text-slate-900">
          {joining ? 'Accept your invite' : challenge ? 'Enter your code' : 'Sign in'}
        </h1>
        {challenge ? (
          <SignInCodeForm
            challenge={challenge}
            onStartOver={() => {
              setChallenge(null);
              setJoining(false);
            }}
          />
        ) : joining ? (
          <AcceptInviteForm onChallenge={setChallenge} />
        ) : (
          <form noValidate className="flex flex-col gap-4" onSubmit={(e) => void submit(e)}>
            <TextField
              label="Email"
              type="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              required
            />
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
            />
            <FormAlert message={error} />
            <SubmitButton busy={busy} busyLabel="Signing in...">
              Sign in
            </SubmitButton>
          </form>
        )}
        {!challenge && (
          <button
            type="button"
            className="mt-5 text-sm font-semibold text-orange-800 underline"
            onClick={() => setJoining((j) => !j)}
          >
            {joining ? 'Back to sign in' : 'I have an invite'}
          </button>
        )}
      </div>
    </main>
  );
}
