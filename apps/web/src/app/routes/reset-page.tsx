import { ResetFlow } from '../../features/accounts/components/reset-flow.tsx';
import { usePageTitle } from '../../lib/use-document-meta.ts';

export function Component() {
  usePageTitle('Reset your password');
  return <ResetFlow />;
}
