import { PerfumeCatalogue } from '../../features/perfumes/perfume-catalogue.tsx';
import { useDocumentMeta } from '../../lib/use-document-meta.ts';

export function Component() {
  useDocumentMeta('Perfumes | Urban Roll');
  return <PerfumeCatalogue />;
}
