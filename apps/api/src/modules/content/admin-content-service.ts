import type {
  AdminCategory,
  AdminContentPage,
  AdminContentPageRow,
  AdminMarquee,
  AdminNewArrival,
  AdminOffer,
  AdminPageMeta,
  AdminSlider,
  CategoryCreate,
  CategoryPatch,
  ContentPageCreate,
  ContentPagePatch,
  MarqueeCreate,
  MarqueePatch,
  NewArrivalCreate,
  NewArrivalPatch,
  OfferCreate,
  OfferPatch,
  PageMetaInput,
  SliderCreate,
  SliderPatch,
} from '@shop/contracts';
import { paiseToRupees, reorderProblem, rupeesToPaise } from '@shop/domain';
import type { contentPages, Transaction } from '@shop/db';
import { BadRequest, Conflict, NotFound } from '../../lib/errors.ts';
import type { AuditActor, AuditService } from '../audit/audit-service.ts';
import type { ProductsService } from '../products/products-service.ts';
import type {
  AdminContentRepository,
  ContentKind,
  InsertOf,
  RowOf,
} from './admin-content-repository.ts';
import { CONTENT_PATHS } from './content-pages.ts';
import { renderMarkdown } from './markdown.ts';

/** What each kind is called in messages and in the audit log. */
const NAMES: Record<ContentKind, { entity: string; one: string }> = {
  categories: { entity: 'category', one: 'category' },
  'new-arrivals': { entity: 'new_arrival_group', one: 'new-arrival group' },
  sliders: { entity: 'slider', one: 'slider' },
  offers: { entity: 'offer', one: 'offer' },
  marquees: { entity: 'marquee', one: 'marquee text' },
};

export const PAGE_NOT_IN_STORE = 'No such page in your store.';
export const LIST_CHANGED =
  'This list was changed meanwhile (in another window or by someone else). It now shows the order as it is; make your change again.';

/** Where the storefront shows a content page: its own path for the seven built in. */
export const storefrontPathOf = (slug: string) =>
  CONTENT_PATHS.has(slug) ? `/${slug}` : `/pages/${slug}`;

interface DtoOf {
  categories: AdminCategory;
  'new-arrivals': AdminNewArrival;
  sliders: AdminSlider;
  offers: AdminOffer;
  marquees: AdminMarquee;
}
interface CreateOf {
  categories: CategoryCreate;
  'new-arrivals': NewArrivalCreate;
  sliders: SliderCreate;
  offers: OfferCreate;
  marquees: MarqueeCreate;
}
interface PatchOf {
  categories: CategoryPatch;
  'new-arrivals': NewArrivalPatch;
  sliders: SliderPatch;
  offers: OfferPatch;
  marquees: MarqueePatch;
}

const defined = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/** The columns a create or patch body writes (undefined where the body says nothing). */
function columnsOf<K extends ContentKind>(kind: K, b: PatchOf[K]): Partial<InsertOf<K>> {
  switch (kind) {
    case 'categories': {
      const c = b as CategoryPatch;
      return defined({
        name: c.name,
        category: c.category,
        icon: c.icon,
        status: c.status,
      }) as Partial<InsertOf<K>>;
    }
    case 'new-arrivals': {
      const g = b as NewArrivalPatch;
      return defined({ categoryName: g.name, description: g.description }) as Partial<InsertOf<K>>;
    }
    case 'sliders': {
      const s = b as SliderPatch;
      return defined({
        sliderName: s.slider_name,
        offerName: s.offer_name,
        description: s.description,
        image: s.image,
        backgroundImage: s.background_image,
        pricePaise: s.price === undefined ? undefined : rupeesToPaise(s.price),
        cutOffPricePaise: s.cutOffPrice === undefined ? undefined : rupeesToPaise(s.cutOffPrice),
        productId: s.product_id,
      }) as Partial<InsertOf<K>>;
    }
    case 'offers': {
      const o = b as OfferPatch;
      return defined({
        title: o.title,
        description: o.description,
        image: o.image,
        link: o.link,
      }) as Partial<InsertOf<K>>;
    }
    default: {
      const m = b as MarqueePatch;
      return defined({ heading: m.heading }) as Partial<InsertOf<K>>;
    }
  }
}

function pageRow(p: typeof contentPages.$inferSelect): AdminContentPageRow {
  return {
    slug: p.slug,
    title: p.title,
    description: p.description,
    path: storefrontPathOf(p.slug),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/**
 * The admin's content (issue 15 item 4): the storefront's ordered lists (categories,
 * new-arrival groups, sliders, offers, marquee texts), the page meta and the content pages.
 * Each write is one transaction with its audit entry; the catalogue tables' triggers make the
 * storefront's cache see it within CATALOGUE_CACHE_CHECK_MS, and content pages are read fresh.
 */
export class AdminContentService {
  constructor(
    private readonly repo: AdminContentRepository,
    private readonly audit: AuditService,
    private readonly products: ProductsService,
  ) {}

  // Ordered lists ------------------------------------------------------------------------

  async list<K extends ContentKind>(kind: K, storeId: string): Promise<DtoOf[K][]> {
    const rows = await this.repo.list(kind, storeId);
    return this.toDtos(kind, rows);
  }

  async create<K extends ContentKind>(
    actor: AuditActor,
    kind: K,
    body: CreateOf[K],
  ): Promise<DtoOf[K]> {
    await this.checkProducts(actor.storeId, kind, body);
    return this.repo.transaction(async (tx) => {
      await this.checkKey(tx, actor.storeId, kind, body);
      const row = await this.repo.insert(
        tx,
        kind,
        actor.storeId,
        columnsOf(kind, body as PatchOf[K]) as InsertOf<K>,
      );
      await this.afterWrite(tx, kind, row.id, body);
      const after = await this.mustFind(tx, actor.storeId, kind, row.id);
      await this.record(tx, actor, kind, 'create', row.id, null, after);
      return after;
    });
  }

  async update<K extends ContentKind>(
    actor: AuditActor,
    kind: K,
    id: string,
    patch: PatchOf[K],
  ): Promise<DtoOf[K]> {
    // Products are another module's: asked before the transaction (PGlite has one connection).
    const seen = await this.checkProducts(actor.storeId, kind, patch, id);
    return this.repo.transaction(async (tx) => {
      const before = await this.mustFind(tx, actor.storeId, kind, id, true);
      sameAsSeen(kind, seen, before);
      await this.checkKey(tx, actor.storeId, kind, patch, before);
      await this.repo.update(tx, kind, id, columnsOf(kind, patch));
      await this.afterWrite(tx, kind, id, patch);
      const after = await this.mustFind(tx, actor.storeId, kind, id);
      await this.record(tx, actor, kind, 'update', id, before, after);
      return after;
    });
  }

  async remove(actor: AuditActor, kind: ContentKind, id: string): Promise<void> {
    const seen = kind === 'categories' ? await this.mustFindNow(actor.storeId, kind, id) : null;
    if (seen) {
      const key = seen.category;
      const used = await this.productsIn(actor.storeId, key);
      if (used > 0) {
        throw new Conflict(
          `${String(used)} product${used === 1 ? '' : 's'} use the category ${key}: move them to another category first, or set the category Inactive to hide it.`,
          'category',
        );
      }
    }
    return this.repo.transaction(async (tx) => {
      const before = await this.mustFind(tx, actor.storeId, kind, id, true);
      sameAsSeen(kind, seen, before);
      await this.repo.delete(tx, kind, id);
      await this.record(tx, actor, kind, 'delete', id, before, null);
    });
  }

  /** Puts the store's items of `kind` in the order of `ids` (each of them exactly once). */
  /**
   * Puts a list in the order of `ids`. With `was` (the order the admin's screen showed), a list
   * changed since by someone else is refused (409) instead of overwritten with a stale order.
   */
  reorder<K extends ContentKind>(
    actor: AuditActor,
    kind: K,
    ids: string[],
    was?: string[],
  ): Promise<DtoOf[K][]> {
    return this.repo.transaction(async (tx) => {
      const current = await this.repo.lockIds(tx, kind, actor.storeId);
      if (was && (was.length !== current.length || was.some((id, i) => id !== current[i]))) {
        throw new Conflict(LIST_CHANGED, 'ids');
      }
      const problem = reorderProblem(current, ids);
      if (problem) throw new BadRequest(problem, 'ids');
      await this.repo.setPositions(tx, kind, ids);
      await this.audit.record(tx, actor, {
        action: `${NAMES[kind].entity}.reorder`,
        entity: NAMES[kind].entity,
        entityId: actor.storeId,
        before: { ids: current },
        after: { ids },
      });
      return this.toDtos(kind, await this.repo.list(kind, actor.storeId, tx), tx);
    });
  }

  // Page meta ----------------------------------------------------------------------------

  async pageMeta(storeId: string): Promise<AdminPageMeta> {
    const row = await this.repo.pageMeta(storeId);
    return row
      ? metaDto(row)
      : { title: '', description: '', keywords: '', author: '', icon: '', scripts: [] };
  }

  putPageMeta(actor: AuditActor, body: PageMetaInput): Promise<AdminPageMeta> {
    return this.repo.transaction(async (tx) => {
      const old = await this.repo.lockPageMeta(tx, actor.storeId);
      const next = {
        title: body.title,
        description: body.description ?? '',
        keywords: body.keywords ?? '',
        author: body.author ?? '',
        icon: body.icon ?? '',
        scripts: body.scripts ?? [],
      };
      await this.repo.putPageMeta(tx, actor.storeId, next);
      await this.audit.record(tx, actor, {
        action: 'page_meta.update',
        entity: 'page_meta',
        entityId: actor.storeId,
        before: old ? metaDto(old) : null,
        after: next,
      });
      return next;
    });
  }

  // Content pages ------------------------------------------------------------------------

  async pages(storeId: string): Promise<AdminContentPageRow[]> {
    return (await this.repo.pages(storeId)).map(pageRow);
  }

  async page(storeId: string, slug: string): Promise<AdminContentPage> {
    const found = await this.pageOrNull(storeId, slug);
    if (!found) throw new NotFound(PAGE_NOT_IN_STORE, 'slug');
    return found;
  }

  createPage(actor: AuditActor, body: ContentPageCreate): Promise<AdminContentPage> {
    return this.repo.transaction(async (tx) => {
      const row = await this.repo.insertPage(tx, {
        storeId: actor.storeId,
        slug: body.slug,
        title: body.title,
        description: body.description,
        bodyMarkdown: body.body_markdown,
      });
      if (!row) throw new Conflict(`Your store already has a page at ${body.slug}.`, 'slug');
      const after = { ...pageRow(row), body_markdown: row.bodyMarkdown };
      await this.audit.record(tx, actor, {
        action: 'content_page.create',
        entity: 'content_page',
        entityId: row.slug,
        after,
      });
      return after;
    });
  }

  updatePage(actor: AuditActor, slug: string, patch: ContentPagePatch): Promise<AdminContentPage> {
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
      const after = { ...pageRow(row), body_markdown: row.bodyMarkdown };
      await this.audit.record(tx, actor, {
        action: 'content_page.update',
        entity: 'content_page',
        entityId: slug,
        before: { ...pageRow(old), body_markdown: old.bodyMarkdown },
        after,
      });
      return after;
    });
  }

  removePage(actor: AuditActor, slug: string): Promise<void> {
    return this.repo.transaction(async (tx) => {
      const old = await this.repo.page(tx, actor.storeId, slug, true);
      if (!old) throw new NotFound(PAGE_NOT_IN_STORE, 'slug');
      await this.repo.deletePage(tx, actor.storeId, slug);
      await this.audit.record(tx, actor, {
        action: 'content_page.delete',
        entity: 'content_page',
        entityId: slug,
        before: { ...pageRow(old), body_markdown: old.bodyMarkdown },
      });
    });
  }

  /** The HTML the storefront would show for `markdown` (the same renderer as the page). */
  preview(markdown: string): Promise<string> {
    return Promise.resolve(renderMarkdown(markdown));
  }

  // Helpers ------------------------------------------------------------------------------

  private async pageOrNull(storeId: string, slug: string): Promise<AdminContentPage | null> {
    const row = await this.repo.page(undefined, storeId, slug);
    return row ? { ...pageRow(row), body_markdown: row.bodyMarkdown } : null;
  }

  /** How many products of the store carry the category key (any status). */
  private async productsIn(storeId: string, key: string): Promise<number> {
    const { total } = await this.products.list(storeId, {
      category: key,
      sort: 'updated',
      order: 'desc',
      page: 1,
      limit: 1,
    });
    return total;
  }

  /**
   * The checks that ask the products service, before the write's transaction: the products
   * named are the store's, and a category whose key changes is used by none. Answers the item
   * as it was read (null for a create), which the transaction checks is unchanged.
   */
  private async checkProducts<K extends ContentKind>(
    storeId: string,
    kind: K,
    b: PatchOf[K],
    id?: string,
  ): Promise<DtoOf[K] | null> {
    const old = id === undefined ? null : await this.mustFindNow(storeId, kind, id);
    if (kind === 'categories') {
      const c = b as CategoryPatch;
      const was = old as AdminCategory | null;
      if (
        was &&
        c.category !== undefined &&
        c.category.toLowerCase() !== was.category.toLowerCase()
      ) {
        const used = await this.productsIn(storeId, was.category);
        if (used > 0) {
          throw new Conflict(
            `${String(used)} product${used === 1 ? '' : 's'} use the category ${was.category}: its key cannot change while they do.`,
            'category',
          );
        }
      }
    } else if (kind === 'new-arrivals') {
      const ids = (b as NewArrivalPatch).product_ids ?? [];
      for (const [i, pid] of ids.entries()) {
        await this.mustBeProduct(storeId, pid, `product_ids.${String(i)}`);
      }
    } else if (kind === 'sliders') {
      const pid = (b as SliderPatch).product_id;
      if (pid) await this.mustBeProduct(storeId, pid, 'product_id');
    }
    return old;
  }

  /** A category key no other category of the store has (any case). */
  private async checkKey<K extends ContentKind>(
    tx: Transaction,
    storeId: string,
    kind: K,
    b: PatchOf[K],
    before?: DtoOf[K],
  ): Promise<void> {
    if (kind !== 'categories') return;
    const c = b as CategoryPatch;
    const old = before as AdminCategory | undefined;
    if (c.category === undefined || c.category.toLowerCase() === old?.category.toLowerCase()) {
      return;
    }
    if (await this.repo.categoryByKey(tx, storeId, c.category, old?.id)) {
      throw new Conflict(`Another category already has the key ${c.category}.`, 'category');
    }
  }

  private async mustFindNow<K extends ContentKind>(
    storeId: string,
    kind: K,
    id: string,
  ): Promise<DtoOf[K]> {
    const row = await this.repo.find(undefined, kind, storeId, id);
    if (!row) throw new NotFound(`No such ${NAMES[kind].one} in your store.`, 'id');
    const [dto] = await this.toDtos(kind, [row]);
    return dto!;
  }

  private async mustBeProduct(storeId: string, id: string, field: string): Promise<void> {
    try {
      await this.products.get(storeId, id);
    } catch (err) {
      if (err instanceof NotFound) throw new BadRequest('No such product in your store.', field);
      throw err;
    }
  }

  private async afterWrite<K extends ContentKind>(
    tx: Transaction,
    kind: K,
    id: string,
    b: PatchOf[K],
  ): Promise<void> {
    const ids = kind === 'new-arrivals' ? (b as NewArrivalPatch).product_ids : undefined;
    if (ids !== undefined) await this.repo.setGroupProducts(tx, id, ids);
  }

  private async mustFind<K extends ContentKind>(
    tx: Transaction,
    storeId: string,
    kind: K,
    id: string,
    lock = false,
  ): Promise<DtoOf[K]> {
    const row = await this.repo.find(tx, kind, storeId, id, lock);
    if (!row) throw new NotFound(`No such ${NAMES[kind].one} in your store.`, 'id');
    const [dto] = await this.toDtos(kind, [row], tx);
    return dto!;
  }

  private record(
    tx: Transaction,
    actor: AuditActor,
    kind: ContentKind,
    verb: string,
    id: string,
    before: unknown,
    after: unknown,
  ): Promise<void> {
    const { entity } = NAMES[kind];
    return this.audit.record(tx, actor, {
      action: `${entity}.${verb}`,
      entity,
      entityId: id,
      before,
      after,
    });
  }

  private async toDtos<K extends ContentKind>(
    kind: K,
    rows: RowOf<K>[],
    tx?: Transaction,
  ): Promise<DtoOf[K][]> {
    switch (kind) {
      case 'categories':
        return (rows as RowOf<'categories'>[]).map((c) => ({
          id: c.id,
          name: c.name,
          category: c.category,
          icon: c.icon,
          status: c.status,
          position: c.position,
        })) as DtoOf[K][];
      case 'new-arrivals': {
        const groups = rows as RowOf<'new-arrivals'>[];
        const links = await this.repo.groupProducts(
          groups.map((g) => g.id),
          tx,
        );
        return groups.map((g) => ({
          id: g.id,
          name: g.categoryName,
          description: g.description,
          position: g.position,
          products: links
            .filter((l) => l.groupId === g.id)
            .map((l) => ({ product_id: l.productId, title: l.title, sku: l.sku })),
        })) as DtoOf[K][];
      }
      case 'sliders':
        return (rows as RowOf<'sliders'>[]).map((s) => ({
          id: s.id,
          slider_name: s.sliderName,
          offer_name: s.offerName,
          description: s.description,
          image: s.image,
          background_image: s.backgroundImage,
          price: paiseToRupees(s.pricePaise),
          cutOffPrice: paiseToRupees(s.cutOffPricePaise),
          product_id: s.productId,
          position: s.position,
        })) as DtoOf[K][];
      case 'offers':
        return (rows as RowOf<'offers'>[]).map((o) => ({
          id: o.id,
          title: o.title,
          description: o.description,
          image: o.image,
          link: o.link,
          position: o.position,
        })) as DtoOf[K][];
      default:
        return (rows as RowOf<'marquees'>[]).map((m) => ({
          id: m.id,
          heading: m.heading,
          position: m.position,
        })) as DtoOf[K][];
    }
  }
}

/**
 * A category's key read before the transaction (and checked against the products) must be the
 * key the transaction locked: another write changed it meanwhile otherwise.
 */
function sameAsSeen(kind: ContentKind, seen: unknown, locked: unknown): void {
  if (kind !== 'categories' || seen === null) return;
  if ((seen as AdminCategory).category !== (locked as AdminCategory).category) {
    throw new Conflict('The category changed meanwhile: reload it and try again.', 'category');
  }
}

function metaDto(row: {
  title: string;
  description: string;
  keywords: string;
  author: string;
  icon: string;
  scripts: string[];
}): AdminPageMeta {
  return {
    title: row.title,
    description: row.description,
    keywords: row.keywords,
    author: row.author,
    icon: row.icon,
    scripts: row.scripts,
  };
}
