import { useEffect } from 'react';
import { useShopName } from './store-queries.ts';

function setMeta(name: string, content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.append(tag);
  }
  tag.content = content;
}

/** Sets the page title and description while a page is shown. */
export function useDocumentMeta(title: string | undefined, description?: string) {
  useEffect(() => {
    if (title) document.title = title;
    if (description) setMeta('description', description);
  }, [title, description]);
}

/** Titles a page "{page} | {shop name}" (and sets its description when given). */
export function usePageTitle(page: string | undefined, description?: string) {
  const shop = useShopName();
  useDocumentMeta(page && shop ? `${page} | ${shop}` : page, description);
}

export { setMeta };
