import { RegisterFlow } from '../../features/accounts/components/register-flow.tsx';
import { useDocumentMeta } from '../../lib/use-document-meta.ts';

export function Component() {
  useDocumentMeta('Create your account | Urban Roll');
  return <RegisterFlow />;
}
