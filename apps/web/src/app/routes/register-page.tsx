import { RegisterFlow } from '../../features/accounts/components/register-flow.tsx';
import { usePageTitle } from '../../lib/use-document-meta.ts';

export function Component() {
  usePageTitle('Create your account');
  return <RegisterFlow />;
}
