import { LoginForm } from '../../features/accounts/components/login-form.tsx';
import { useDocumentMeta } from '../../lib/use-document-meta.ts';

export function Component() {
  useDocumentMeta('Login | Urban Roll');
  return <LoginForm />;
}
