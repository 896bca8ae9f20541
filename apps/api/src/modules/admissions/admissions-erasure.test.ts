import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  admissionAadhaarReveals,
  admissionConsentRequests,
  admissions,
  orders,
  users,
} from '@shop/db';
import { testDatabaseTargets, testOrderRow } from '@shop/db/testing';
import { MAIN } from '../../test-support/accounts.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

describe.each(testDatabaseTargets())(
  "a shopper's erasure of their admission on $name",
  (target) => {
    let t: TestApp;
    const db = () => t.database.db;
    beforeAll(async () => {
      t = await startTestApp(target);
    });
    afterAll(async () => {
      await t.close();
    });

    /** A new account with a child's admission (Aadhaar given) and a parent's consent request. */
    const admitted = async () => {
      const [u] = await db()
        .insert(users)
        .values({ storeId: MAIN, email: `${randomUUID()}@example.com` })
        .returning();
      const [a] = await db()
        .insert(admissions)
        .values({
          storeId: MAIN,
          userId: u!.id,
          name: 'Meera Rao',
          guardianName: 'Asha Rao',
          guardianRelation: 'Mother',
          guardianMobile: '9820012345',
          dob: '2015-04-01',
          aadhaarSealed: 'v1.sealed',
          aadhaarHash: randomUUID(),
          aadhaarLast4: '1234',
          gender: 'Female',
          school: 'Hill School',
          address: '12 Hill Road, Bandra',
          pincode: '400050',
          mobile: '9820012345',
          email: u!.email,
          center: 'Bandra',
          rulesAgreed: true,
          parentConsentMethod: 'declared',
          parentConsentBy: u!.id,
          parentConsentEmail: u!.email,
          parentConsentAt: new Date(),
        })
        .returning();
      await db()
        .insert(admissionConsentRequests)
        .values({
          storeId: MAIN,
          admissionId: a!.id,
          parentEmail: 'asha@example.com',
          tokenHash: randomUUID(),
          expiresAt: new Date(Date.now() + 3_600_000),
        });
      return { subject: { storeId: MAIN, userId: u!.id, email: u!.email }, admission: a! };
    };
    const admissionRow = async (id: string) =>
      (await db().select().from(admissions).where(eq(admissions.id, id)))[0];
    const requestsOf = (id: string) =>
      db()
        .select()
        .from(admissionConsentRequests)
        .where(eq(admissionConsentRequests.admissionId, id));
    const erase = (subject: Awaited<ReturnType<typeof admitted>>['subject']) =>
      t.services.admissions.erasePersonalDataOf(subject);
    const counts = (admissionRows: object, requests: number, reveals: number) => [
      { table: 'admissions', erased: 0, anonymised: 0, kept: 0, ...admissionRows },
      { table: 'admission_consent_requests', erased: requests, anonymised: 0, kept: 0 },
      { table: 'admission_aadhaar_reveals', erased: 0, anonymised: 0, kept: reveals },
    ];

    it('deletes an admission no order names, with its consent requests, once', async () => {
      const { subject, admission } = await admitted();
      const other = await admitted();
      expect(await erase(subject)).toEqual({
        rows: counts({ erased: 1 }, 1, 0),
        deletedIds: [admission.id],
        keptIds: [],
      });
      expect(await admissionRow(admission.id)).toBeUndefined();
      expect(await requestsOf(admission.id)).toEqual([]);
      expect(await admissionRow(other.admission.id)).toEqual(other.admission);
      expect(await requestsOf(other.admission.id)).toHaveLength(1);
      expect(await erase(subject)).toEqual({ rows: counts({}, 0, 0), deletedIds: [], keptIds: [] });
    });

    it('blanks an admission an order pays for, or whose Aadhaar was revealed, keeping the reveals', async () => {
      const paid = await admitted();
      await db()
        .insert(orders)
        .values(
          testOrderRow(MAIN, paid.subject.userId, {
            admissionId: paid.admission.id,
            orderStatus: 'Delivered',
            paymentStatus: 'Success',
          }),
        );
      const revealed = await admitted();
      await db()
        .insert(admissionAadhaarReveals)
        .values([1, 2].map(() => ({ storeId: MAIN, admissionId: revealed.admission.id })));

      expect(await erase(paid.subject)).toEqual({
        rows: counts({ anonymised: 1 }, 1, 0),
        deletedIds: [],
        keptIds: [paid.admission.id],
      });
      expect(await erase(revealed.subject)).toEqual({
        rows: counts({ anonymised: 1 }, 1, 2),
        deletedIds: [],
        keptIds: [revealed.admission.id],
      });
      for (const { admission } of [paid, revealed]) {
        expect(await admissionRow(admission.id)).toMatchObject({
          name: '',
          guardianName: '',
          guardianRelation: '',
          guardianMobile: '',
          dob: '',
          aadhaarSealed: null,
          aadhaarHash: null,
          aadhaarLast4: null,
          gender: '',
          school: '',
          address: '',
          pincode: '',
          mobile: '',
          email: '',
          parentConsentBy: null,
          parentConsentEmail: null,
          parentConsentMethod: 'declared',
          center: 'Bandra',
        });
        expect(await requestsOf(admission.id)).toEqual([]);
      }
      expect(
        await db()
          .select()
          .from(admissionAadhaarReveals)
          .where(eq(admissionAadhaarReveals.admissionId, revealed.admission.id)),
      ).toHaveLength(2);

      // Again: nothing blanked or deleted; the kept admissions and reveals still named.
      const again = await erase(revealed.subject);
      expect(again).toEqual({
        rows: counts({}, 0, 2),
        deletedIds: [],
        keptIds: [revealed.admission.id],
      });
    });
  },
);
