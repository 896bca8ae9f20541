/**
 * Courses sold as courses (issue 59 item 5): the store's "pay at the academy" setting
 * (GET/PUT /api/admin/settings/academy, owner only) and each course's details (batch, schedule,
 * age group, place): GET /api/course-details/{storeId} for shoppers, GET/PUT
 * /api/admin/courses/{productId}/details for staff.
 */
import { z } from 'zod';

export const COURSE_MESSAGES = {
  /** Checkout refusing pay on delivery for a course (400 naming payment_mode). */
  payAtAcademyOff:
    'Courses are paid when you enrol: this academy does not take payment at the academy.',
  notACourse: 'This product is not a course.',
} as const;

/** The store's academy settings. */
export const academySettingsSchema = z.strictObject({
  /** Courses may be paid on delivery, i.e. at the academy (off by default). */
  pay_at_academy: z.boolean({ error: 'pay_at_academy is true or false.' }),
});
export type AcademySettings = z.infer<typeof academySettingsSchema>;

export const academySettingsResponseSchema = z.object({
  isError: z.literal(false),
  data: academySettingsSchema,
});

const detail = (name: string) =>
  z
    .string({ error: `${name} is text.` })
    .trim()
    .max(120, 'At most 120 characters.');

/** A course's details as the owner writes them; '' for one not given. */
export const courseDetailsSchema = z.strictObject({
  batch: detail('batch'),
  schedule: detail('schedule'),
  age_group: detail('age_group'),
  place: detail('place'),
});
export type CourseDetails = z.infer<typeof courseDetailsSchema>;

export const courseDetailsResponseSchema = z.object({
  isError: z.literal(false),
  data: courseDetailsSchema,
});

/** Every course's details of a store (courses with none given are left out). */
export const courseDetailsListResponseSchema = z.object({
  isError: z.literal(false),
  data: z.array(courseDetailsSchema.extend({ product_id: z.string() })),
});
export type CourseDetailsList = z.infer<typeof courseDetailsListResponseSchema>['data'];

export const courseIdParamsSchema = z.object({ productId: z.uuid() });
