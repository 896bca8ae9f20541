import { PerfumeCatalogue } from '../../features/perfumes/perfume-catalogue.tsx';
import { usePageTitle } from '../../lib/use-document-meta.ts';

export function Component() {
  usePageTitle('Perfumes');
  return <PerfumeCatalogue />;
}
