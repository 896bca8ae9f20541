import { ResetFlow } from '../../features/accounts/components/reset-flow.tsx';
import { useDocumentMeta } from '../../lib/use-document-meta.ts';

export function Component() {
  useDocumentMeta('Reset your password | Urban Roll');
  return <ResetFlow />;
}
