import type { SizeChartTable } from '@shop/contracts';
import type { Transaction } from '@shop/db';
import { parseSizeChart } from '@shop/domain';
import { BadRequest, NotFound } from '../../lib/errors.ts';
import type { AuditActor, AuditService } from '../audit/audit-service.ts';
import type { SizeChartOwner, SizeChartsRepository } from './size-charts-repository.ts';

/** Which chart a route names: a product's (by id) or a category's (by its key as written). */
export type SizeChartTarget = { productId: string } | { category: string };

export interface SizeChartAnswer {
  chart: string;
  table: SizeChartTable | null;
}

/** The table a stored chart reads as (null: none, or text no longer readable). */
export function sizeChartTable(text: string | null | undefined): SizeChartTable | null {
  if (!text) return null;
  const read = parseSizeChart(text);
  return read.ok ? read.chart : null;
}

/** A category's key as products match it (catalogue: lower(btrim(category))). */
export const categoryKeyOf = (category: string) => category.trim().toLowerCase();

/**
 * The owner's size charts: one per category, and optionally one per product that replaces its
 * category's on the product page. Blank text removes the chart. Each write is one transaction
 * with its audit entry; the catalogue's cached answers are dropped by the table's trigger.
 */
export class SizeChartsService {
  constructor(
    private readonly repo: SizeChartsRepository,
    private readonly audit: AuditService,
  ) {}

  async read(storeId: string, target: SizeChartTarget): Promise<SizeChartAnswer> {
    const owner = await this.ownerOf(storeId, target);
    const chart = (await this.repo.chartOf(storeId, owner)) ?? '';
    return { chart, table: sizeChartTable(chart) };
  }

  async write(actor: AuditActor, target: SizeChartTarget, text: string): Promise<SizeChartAnswer> {
    const read = parseSizeChart(text);
    if (!read.ok) throw new BadRequest(read.problem, 'chart');
    return this.repo.transaction(async (tx) => {
      // Every read inside goes through tx: PGlite has one connection, which tx holds.
      const owner = await this.ownerOf(actor.storeId, target, tx);
      const before = await this.repo.chartOf(actor.storeId, owner, tx);
      const chart = read.chart ? text.trim() : '';
      if (chart) await this.repo.save(tx, actor.storeId, owner, chart);
      else await this.repo.remove(tx, actor.storeId, owner);
      await this.audit.record(tx, actor, {
        action: 'product.size_chart',
        entity: 'productId' in owner ? 'product' : 'category',
        entityId: 'productId' in owner ? owner.productId : owner.categoryKey,
        before: { chart: before },
        after: { chart: chart || null },
      });
      return { chart, table: read.chart };
    });
  }

  private async ownerOf(
    storeId: string,
    target: SizeChartTarget,
    tx?: Transaction,
  ): Promise<SizeChartOwner> {
    if ('category' in target) return { categoryKey: categoryKeyOf(target.category) };
    if (!(await this.repo.productOfStore(storeId, target.productId, tx))) {
      throw new NotFound('No such product in your store.', 'id');
    }
    return { productId: target.productId };
  }
}
