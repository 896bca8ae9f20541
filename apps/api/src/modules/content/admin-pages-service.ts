import type {
  AdminContentPage,
  AdminContentPageRow,
  ContentPageCreate,
  ContentPagePatch,
} from '@shop/contracts';
import type { contentPages } from '@shop/db';
import type { PolicyPageDraft } from '@shop/domain';
import { Conflict, NotFound } from '../../lib/errors.ts';
import type { AuditActor, AuditService } from '../audit/audit-service.ts';
import type { AdminContentRepository } from './admin-content-repository.ts';
import { defined } from './admin-content-rows.ts';
import { CONTENT_PATHS } from './content-pages.ts';
import { renderMarkdown } from './markdown.ts';

export const PAGE_NOT_IN_STORE = 'No such page in your store.';

/** Where the storefront shows a content page: its own path for the seven built in. */
export const storefrontPathOf = (slug: string) =>
  CONTENT_PATHS.has(slug) ? `/${slug}` : `/pages/${slug}`;

type PageRow = typeof contentPages.$inferSelect;

function pageRow(p: PageRow): AdminContentPageRow {
  return {
    slug: p.slug,
    title: p.title,
    description: p.description,
    path: storefrontPathOf(p.slug),
    updatedAt: p.updatedAt.toISOString(),
  };
}

const pageOf = (p: PageRow): AdminContentPage => ({ ...pageRow(p), body_markdown: p.bodyMarkdown });

/**
 * The store's Markdown content pages in the admin: list, read, create, edit, delete and the
 * preview. Each write is one transaction with its audit entry; the storefront reads pages fresh.
 */
export class AdminPagesService {
  constructor(
    private readonly repo: AdminContentRepository,
    private readonly audit: AuditService,
  ) {}

  async list(storeId: string): Promise<AdminContentPageRow[]> {
    return (await this.repo.pages(storeId)).map(pageRow);
  }

  async get(storeId: string, slug: string): Promise<AdminContentPage> {
    const row = await this.repo.page(undefined, storeId, slug);
    if (!row) throw new NotFound(PAGE_NOT_IN_STORE, 'slug');
    return pageOf(row);
  }

  create(actor: AuditActor, body: ContentPageCreate): Promise<AdminContentPage> {
    return this.repo.transaction(async (tx) => {
      const row = await this.repo.insertPage(tx, {
        storeId: actor.storeId,
        slug: body.slug,
        title: body.title,
        description: body.description,
        bodyMarkdown: body.body_markdown,
      });
      if (!row) throw new Conflict(`Your store already has a page at ${body.slug}.`, 'slug');
      const after = pageOf(row);
      await this.audit.record(tx, actor, {
        action: 'content_page.create',
        entity: 'content_page',
        entityId: row.slug,
        after,
      });
      return after;
    });
  }

  update(actor: AuditActor, slug: string, patch: ContentPagePatch): Promise<AdminContentPage> {
    return this.repo.transaction(async (tx) => {
      const old = await this.repo.page(tx, actor.storeId, slug, true);
      if (!old) throw new NotFound(PAGE_NOT_IN_STORE, 'slug');
      const row = await this.repo.updatePage(
        tx,
        actor.storeId,
        slug,
        defined({
          title: patch.title,
          description: patch.description,
          bodyMarkdown: patch.body_markdown,
        }),
      );
      const after = pageOf(row);
      await this.audit.record(tx, actor, {
        action: 'content_page.update',
        entity: 'content_page',
        entityId: slug,
        before: pageOf(old),
        after,
      });
      return after;
    });
  }

  remove(actor: AuditActor, slug: string): Promise<void> {
    return this.repo.transaction(async (tx) => {
      const old = await this.repo.page(tx, actor.storeId, slug, true);
      if (!old) throw new NotFound(PAGE_NOT_IN_STORE, 'slug');
      await this.repo.deletePage(tx, actor.storeId, slug);
      await this.audit.record(tx, actor, {
        action: 'content_page.delete',
        entity: 'content_page',
        entityId: slug,
        before: pageOf(old),
      });
    });
  }

  /**
   * Adds the drafts whose slug the store has no page at, in one transaction, each audited as a
   * page create; an existing page is never overwritten (the insert skips it, also when another
   * request made it meanwhile). Returns the pages made and the slugs kept.
   */
  createMissing(
    actor: AuditActor,
    drafts: readonly PolicyPageDraft[],
  ): Promise<{ created: AdminContentPageRow[]; kept: string[] }> {
    return this.repo.transaction(async (tx) => {
      const created: AdminContentPageRow[] = [];
      const kept: string[] = [];
      for (const d of drafts) {
        const row = await this.repo.insertPage(tx, {
          storeId: actor.storeId,
          slug: d.slug,
          title: d.title,
          description: d.description,
          bodyMarkdown: d.body_markdown,
        });
        if (!row) {
          kept.push(d.slug);
          continue;
        }
        await this.audit.record(tx, actor, {
          action: 'content_page.create',
          entity: 'content_page',
          entityId: row.slug,
          after: pageOf(row),
        });
        created.push(pageRow(row));
      }
      return { created, kept };
    });
  }

  /** The HTML the storefront would show for `markdown` (the same renderer as the page). */
  preview(markdown: string): Promise<string> {
    return Promise.resolve(renderMarkdown(markdown));
  }
}
