import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../../lib/toast.ts';
import { localGoogleTokenRequestSchema } from '@shop/contracts';
import { PrivacyNotice } from '../../../components/privacy/privacy-notice.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { serverMessage } from '../../../lib/api-request.ts';
import { googleSignup, localGoogleToken, useAuthOptions } from '../api/accounts-api.ts';
import { useFinishSignIn } from '../hooks/use-finish-sign-in.ts';
import { isAppShell, onNativeGoogleToken, requestNativeGoogleSignIn } from '../native-bridge.ts';

const GSI_SRC = 'https://accounts.google.com/gsi/client';

interface GoogleIdentity {
  initialize: (options: {
    client_id: string;
    callback: (response: { credential?: string }) => void;
  }) => void;
  renderButton: (parent: HTMLElement, options: Record<string, string | number>) => void;
}
declare global {
  interface Window {
    google?: { accounts: { id: GoogleIdentity } };
  }
}

/** Signs in with a Google ID token, the same way for every source of the token. */
function useGoogleCredential() {
  const finish = useFinishSignIn();
  return async (credential: string | undefined) => {
    if (!credential) {
      toast.error('Google credential is missing.');
      return;
    }
    try {
      const { data } = await googleSignup(credential);
      finish(data.user, data);
    } catch {
      toast.error('An error occurred during sign-up. Please try again.');
    }
  };
}

function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="size-5">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.7c4.3-4 6.9-9.9 6.9-17.1z"
      />
      <path
        fill="#FBBC05"
        d="M10.6 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.1z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.4-5.7c-2.1 1.4-4.8 2.3-8.5 2.3-6.2 0-11.5-4.1-13.4-9.8l-7.9 6.1C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}

const googleButtonClass =
  'inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg border border-slate-400 bg-white px-4 text-sm font-semibold text-slate-900 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-500';

/** Local mode: the adapter's offline test sign-in asks for the account a test Google token names. */
function LocalSignInDialog({
  open,
  onClose,
  onCredential,
}: {
  open: boolean;
  onClose: () => void;
  onCredential: (credential: string) => Promise<void>;
}) {
  const schema = localGoogleTokenRequestSchema;
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { email: '', name: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  return (
    <Modal title="Local test sign-in" open={open} onClose={onClose}>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(e) =>
          void form.handleSubmit(async ({ email, name }) => {
            setFailure(null);
            try {
              const { credential } = await localGoogleToken(email, name);
              onClose();
              await onCredential(credential);
            } catch (error) {
              setFailure(
                serverMessage(error, 'An error occurred during sign-up. Please try again.'),
              );
            }
          })(e)
        }
      >
        <p className="text-sm text-slate-700">
          Google sign-in is not configured on this server. Sign in as a test Google account (an
          address at example.com, example.net, example.org or .test).
        </p>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label="Name"
          autoComplete="name"
          error={errors.name?.message}
          {...form.register('name')}
        />
        <FormAlert message={failure} />
        <SubmitButton busy={isSubmitting} busyLabel="Signing in...">
          Sign in with Google
        </SubmitButton>
        {/* The page's notice is behind the dialog: a first sign-in here creates the account. */}
        <PrivacyNotice form="google-sign-up" />
      </form>
    </Modal>
  );
}

/** Google Identity Services renders its own button into the box. */
function GoogleIdentityButton({
  clientId,
  onCredential,
}: {
  clientId: string;
  onCredential: (credential: string | undefined) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const callback = useRef(onCredential);
  callback.current = onCredential;
  useEffect(() => {
    const render = () => {
      const id = window.google?.accounts.id;
      if (!id || !box.current) return;
      id.initialize({ client_id: clientId, callback: (r) => callback.current(r.credential) });
      id.renderButton(box.current, { theme: 'outline', size: 'large', width: 320 });
    };
    if (window.google) return render();
    let script = document.querySelector<HTMLScriptElement>(`script[src="${GSI_SRC}"]`);
    if (!script) {
      script = document.createElement('script');
      script.src = GSI_SRC;
      script.async = true;
      document.head.append(script);
    }
    script.addEventListener('load', render);
    return () => script.removeEventListener('load', render);
  }, [clientId]);
  return <div ref={box} className="flex min-h-11 justify-center" />;
}

/** The "or" rule between the email sign-in and Google's. */
function OrRule() {
  return (
    <p className="my-5 flex items-center gap-3 text-xs font-semibold uppercase text-slate-600 before:h-px before:flex-1 before:bg-slate-300 after:h-px after:flex-1 after:bg-slate-300">
      or
    </p>
  );
}

/**
 * Google sign-in, under an "or" rule, as the server's /api/auth/options says (the one source):
 * inside the native app shell it asks the shell; with Google configured it is Google's button;
 * in local mode (the demo) a small dialog mints a test token; when Google sign-in is off (a
 * real shop without a Google client id), and until the options are known, nothing at all.
 */
export function GoogleSignIn() {
  const { data: options } = useAuthOptions();
  const signInWith = useGoogleCredential();
  const [dialogOpen, setDialogOpen] = useState(false);
  const inShell = isAppShell(options?.appShellMarker);
  const signInRef = useRef(signInWith);
  signInRef.current = signInWith;

  useEffect(() => {
    if (!inShell) return;
    return onNativeGoogleToken((token) => void signInRef.current(token));
  }, [inShell]);

  if (!options || options.google.mode === 'off') return null;
  if (options.google.mode === 'google' && !inShell) {
    return (
      <>
        <OrRule />
        <GoogleIdentityButton
          clientId={options.google.clientId}
          onCredential={(c) => void signInWith(c)}
        />
        <PrivacyNotice form="google-sign-up" className="mt-3" />
      </>
    );
  }
  return (
    <>
      <OrRule />
      <button
        type="button"
        className={googleButtonClass}
        onClick={() => (inShell ? requestNativeGoogleSignIn() : setDialogOpen(true))}
      >
        <GoogleMark />
        Continue with Google
      </button>
      {options.google.mode === 'local' && (
        <LocalSignInDialog
          open={dialogOpen}
          onClose={() => setDialogOpen(false)}
          onCredential={signInWith}
        />
      )}
      <PrivacyNotice form="google-sign-up" className="mt-3" />
    </>
  );
}
