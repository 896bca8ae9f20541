import type { AdminPageMeta, PageMetaInput } from '@shop/contracts';
import type { AuditActor, AuditService } from '../audit/audit-service.ts';
import type { AdminContentRepository } from './admin-content-repository.ts';

/** The site's head in the admin (title, description, keywords, author, icon, scripts). */
export class AdminPageMetaService {
  constructor(
    private readonly repo: AdminContentRepository,
    private readonly audit: AuditService,
  ) {}

  async get(storeId: string): Promise<AdminPageMeta> {
    const row = await this.repo.pageMeta(storeId);
    return row
      ? metaDto(row)
      : { title: '', description: '', keywords: '', author: '', icon: '', scripts: [] };
  }

  /** Writes the whole head (owner only at the route), audited in its transaction. */
  put(actor: AuditActor, body: PageMetaInput): Promise<AdminPageMeta> {
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
