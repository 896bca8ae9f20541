import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { loginRequestSchema } from '@shop/contracts';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorText } from '../../../lib/api-request.ts';
import { pathWithNext } from '../../../lib/return-path.ts';
import { login } from '../api/accounts-api.ts';
import { useFinishSignIn } from '../hooks/use-finish-sign-in.ts';
import { AuthCard, linkClass } from './auth-card.tsx';
import { GoogleSignIn } from './google-sign-in.tsx';

const schema = loginRequestSchema.omit({ main_id: true });

/** /login: email and password with Continue, Google sign-in, and the way to register or reset. */
export function LoginForm() {
  const finish = useFinishSignIn();
  // Registering instead keeps the page to come back to (checkout, say).
  const next = useSearchParams()[0].get('next');
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <AuthCard title="Login" intro="Sign in to see your orders, addresses and cart.">
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(e) =>
          void form.handleSubmit(async ({ email, password }) => {
            try {
              const res = await login(email, password);
              finish(res.user, res);
            } catch (error) {
              toast.error(errorText(error));
            }
          })(e)
        }
      >
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <SubmitButton busy={isSubmitting} busyLabel="Signing in...">
          Continue
        </SubmitButton>
      </form>
      <GoogleSignIn />
      <div className="mt-6 flex flex-col gap-3 text-sm text-slate-800">
        <p>
          New here?{' '}
          <Link to={pathWithNext('/register', next)} className={linkClass}>
            Create an account
          </Link>
        </p>
        <p>
          <Link to="/reset" className={`tap ${linkClass}`}>
            Having trouble in sign in?
          </Link>
        </p>
        <p className="text-xs text-slate-700">
          By continuing, you agree to our{' '}
          <Link to="/rules-and-regulations" className={linkClass}>
            Terms of use
          </Link>{' '}
          and{' '}
          <Link to="/privacy-policy" className={linkClass}>
            Privacy Policy
          </Link>
          .
        </p>
      </div>
    </AuthCard>
  );
}
