import { useEffect } from 'react';
import { usePageMeta } from '../../lib/store-queries.ts';
import { setMeta } from '../../lib/use-document-meta.ts';

/**
 * Applies the store's meta call: description, keywords, author, icon, and each script once.
 * Pages set the title (the home page uses the meta title).
 */
export function PageMeta() {
  const { data: meta } = usePageMeta();
  useEffect(() => {
    if (!meta) return;
    setMeta('description', meta.description);
    setMeta('keywords', meta.keywords);
    setMeta('author', meta.author);
    if (meta.icon) {
      let link = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
      if (!link) {
        link = document.createElement('link');
        link.rel = 'icon';
        document.head.append(link);
      }
      link.href = meta.icon;
    }
    for (const src of meta.scripts) {
      if (document.head.querySelector(`script[src="${CSS.escape(src)}"]`)) continue;
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      document.head.append(script);
    }
  }, [meta]);
  return null;
}
