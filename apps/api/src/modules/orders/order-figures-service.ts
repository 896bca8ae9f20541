import { istDayAndMonthStart } from '@shop/domain';
import type { OrderFiguresRepository } from './order-figures-repository.ts';
import type { OrdersService } from './orders-service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The orders' figures for the admin dashboard: paid orders and revenue of the IST day and month
 * `now` falls in (paid, not cancelled; totals in paise, summed in SQL), the orders waiting to be
 * packed and shipped, and the latest confirmed orders.
 */
export class OrderFiguresService {
  constructor(
    private readonly repo: OrderFiguresRepository,
    private readonly numbers: Pick<OrdersService, 'orderNumbersOf'>,
  ) {}

  figures(storeId: string, now: Date) {
    const { dayStart, monthStart, nextMonthStart } = istDayAndMonthStart(now);
    return this.repo.figures(storeId, {
      dayStart,
      dayEnd: new Date(dayStart.getTime() + DAY_MS),
      monthStart,
      monthEnd: nextMonthStart,
    });
  }

  /** The latest confirmed orders, each with its number as people see it (`UR-10423`). */
  async recent(storeId: string, limit = 10) {
    const rows = await this.repo.recent(storeId, limit);
    const numbers = await this.numbers.orderNumbersOf(rows);
    return rows.map((r) => ({ ...r, orderNumber: numbers.get(r.id)! }));
  }
}
