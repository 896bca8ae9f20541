import { COURSE_MESSAGES, type CourseDetails, type CourseDetailsList } from '@shop/contracts';
import { isCourse } from '@shop/domain';
import { BadRequest } from '../../lib/errors.ts';
import type { AuditActor, AuditService } from '../audit/audit-service.ts';
import type { ProductsService } from '../products/products-service.ts';
import type {
  CourseDetailsRepository,
  CourseDetailsRow,
  CourseDetailsValues,
} from './course-details-repository.ts';

const EMPTY: CourseDetails = { batch: '', schedule: '', age_group: '', place: '' };

const toDetails = (row: CourseDetailsValues | null): CourseDetails =>
  row
    ? { batch: row.batch, schedule: row.schedule, age_group: row.ageGroup, place: row.place }
    : EMPTY;

const given = (row: CourseDetailsRow) =>
  row.batch !== '' || row.schedule !== '' || row.ageGroup !== '' || row.place !== '';

/**
 * A course's batch, schedule, age group and place (issue 59 item 5): shown to parents on the
 * course pages, edited by the shop's staff beside the course. Only a product of the staff's own
 * store whose category is courses has them (the products service says which: another store's
 * product is not found).
 */
export class CourseDetailsService {
  constructor(
    private readonly deps: {
      repository: CourseDetailsRepository;
      products: Pick<ProductsService, 'get'>;
      audit: AuditService;
    },
  ) {}

  /** Every course of the store with details given. */
  async list(storeId: string): Promise<CourseDetailsList> {
    const rows = await this.deps.repository.list(storeId);
    return rows.filter(given).map((r) => ({ product_id: r.productId, ...toDetails(r) }));
  }

  private async course(storeId: string, productId: string) {
    const product = await this.deps.products.get(storeId, productId);
    if (!isCourse(product)) throw new BadRequest(COURSE_MESSAGES.notACourse, 'productId');
  }

  /** A course's details for the staff's form ('' each when none are given yet). */
  async ofCourse(storeId: string, productId: string): Promise<CourseDetails> {
    await this.course(storeId, productId);
    return toDetails(await this.deps.repository.get(storeId, productId));
  }

  /** Saves a course's details with their audit entry, in one transaction. */
  async save(actor: AuditActor, productId: string, input: CourseDetails): Promise<CourseDetails> {
    await this.course(actor.storeId, productId);
    const { repository, audit } = this.deps;
    return repository.transaction(async (tx) => {
      const before = toDetails(await repository.get(actor.storeId, productId, tx));
      await repository.save(tx, actor.storeId, productId, {
        batch: input.batch,
        schedule: input.schedule,
        ageGroup: input.age_group,
        place: input.place,
      });
      await audit.record(tx, actor, {
        action: 'product.course_details',
        entity: 'product',
        entityId: productId,
        before,
        after: input,
      });
      return input;
    });
  }
}
