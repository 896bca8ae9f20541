import type { ContentPage } from '@shop/contracts';
import { NotFound } from '../../lib/errors.ts';
import type { ContentRepository } from './content-repository.ts';
import { renderMarkdown } from './markdown.ts';

export const PAGE_NOT_FOUND = 'Page not found.';

/** A store's content pages (about, centres, policies, rules), Markdown rendered to safe HTML. */
export class ContentService {
  /** Rendered HTML by store, slug and last change: pages change rarely and render the same. */
  private readonly rendered = new Map<string, string>();

  constructor(private readonly repository: ContentRepository) {}

  /** The page, or null when the store has no page of that slug. */
  async find(storeId: string, slug: string): Promise<ContentPage | null> {
    const row = await this.repository.page(storeId, slug);
    if (!row) return null;
    const updatedAt = row.updatedAt.toISOString();
    const key = `${storeId}\n${slug}\n${updatedAt}`;
    let html = this.rendered.get(key);
    if (html === undefined) {
      html = renderMarkdown(row.bodyMarkdown);
      if (this.rendered.size > 500) this.rendered.clear();
      this.rendered.set(key, html);
    }
    return { slug: row.slug, title: row.title, description: row.description, html, updatedAt };
  }

  /** The slugs and titles of the store's pages. */
  list(storeId: string): Promise<{ slug: string; title: string }[]> {
    return this.repository.list(storeId);
  }

  async page(storeId: string, slug: string): Promise<ContentPage> {
    const page = await this.find(storeId, slug);
    if (!page) throw new NotFound(PAGE_NOT_FOUND, 'slug');
    return page;
  }
}
