import { LoginForm } from '../../features/accounts/components/login-form.tsx';
import { usePageTitle } from '../../lib/use-document-meta.ts';

export function Component() {
  usePageTitle('Login');
  return <LoginForm />;
}
