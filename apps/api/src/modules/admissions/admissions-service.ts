import { createHmac } from 'node:crypto';
import { ADMISSION_MESSAGES, CART_MESSAGES, type Admission } from '@shop/contracts';
import type { Transaction } from '@shop/db';
import { maskAadhaar } from '@shop/domain';
import type { SecretBox } from '../../adapters/secret-box.ts';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../lib/errors.ts';
import type { PersonalRows } from '../../lib/personal-rows.ts';
import { NOT_ALLOWED, NOT_YOURS, type SignedInUser } from '../../plugins/auth.ts';
import type { ContactService } from '../contact/contact-service.ts';
import type { PlaceAnswer, PlaceOrderInput, PlacingService } from '../orders/placing-service.ts';
import type {
  AdmissionChanges,
  AdmissionRow,
  AdmissionsRepository,
} from './admissions-repository.ts';

export const ADMISSION_EXISTS = 'You have already submitted the admission form; update it instead.';

/** The form's fields as the contract answers them (output side). */
export interface AdmissionInput {
  name: string;
  fatherName: string;
  motherName: string;
  dob: string;
  /** The 12 digits; null on an update: keep the number on file. */
  aadhar: string | null;
  gender: Admission['gender'];
  school: string;
  address: string;
  pincode: string;
  mobile: string;
  email: string;
  center: Admission['center'];
  rulesAgreed: true;
  user_id?: string | undefined;
  main_id?: string | undefined;
}

export interface AdmissionsServiceDeps {
  repository: AdmissionsRepository;
  /** Seals the Aadhaar number (AES-256-GCM, a key derived from the server secret). */
  box: SecretBox;
  /** The HMAC key of `aadhaar_hash` (derived from the server secret, its own purpose). */
  hashKey: Uint8Array;
  placing: PlacingService;
  /** Owes the shop's inbox a notice of a new admission (never with the Aadhaar number). */
  contact: Pick<ContactService, 'oweNotice' | 'noticesOwed'>;
}

const contextOf = (storeId: string, userId: string) => `admission-aadhaar:${storeId}:${userId}`;

/**
 * Academy admissions (accounts-checkout-payments §3, §4, §5, §7): the caller's admission form,
 * and paying for courses with it through the orders service. The Aadhaar number is sealed at
 * rest, never logged, and answered masked only, to its owner too.
 */
export class AdmissionsService {
  constructor(private readonly admissionsDeps: AdmissionsServiceDeps) {}

  /**
   * The user's admission and its Aadhaar reveals as stored (the number sealed: the export shows
   * only its last four), for their data export (privacy).
   */
  personalRowsOf(userId: string): Promise<PersonalRows[]> {
    return this.admissionsDeps.repository.personalRowsOf(userId);
  }

  /** The caller's admission (masked), or null when they have none. */
  async ofUser(caller: SignedInUser): Promise<Admission | null> {
    const row = await this.admissionsDeps.repository.ofUser(caller.id);
    return row && toAdmission(row);
  }

  async create(caller: SignedInUser, input: AdmissionInput): Promise<Admission> {
    this.checkCaller(caller, input);
    if (input.aadhar === null) throw new BadRequest(ADMISSION_MESSAGES.aadharRequired, 'aadhar');
    const { repository, contact } = this.admissionsDeps;
    const row = await repository.create(
      {
        storeId: caller.storeId,
        userId: caller.id,
        ...this.fields(caller, input),
        ...this.sealed(caller, input.aadhar),
      },
      (tx, created) =>
        contact.oweNotice(tx, {
          storeId: caller.storeId,
          form: 'admission',
          itemId: created.id,
          subject: `New admission form from ${input.name}`,
          intro: 'A new admission form was submitted on the academy page.',
          fields: [
            ['Student', input.name],
            ['Father', input.fatherName],
            ['Mother', input.motherName],
            ['Centre', input.center],
            ['Mobile', `+91 ${input.mobile}`],
            ['Email', input.email],
          ],
        }),
    );
    if (!row) throw new Conflict(ADMISSION_EXISTS, 'user_id');
    contact.noticesOwed();
    return toAdmission(row);
  }

  async update(caller: SignedInUser, id: string, input: AdmissionInput): Promise<Admission> {
    this.checkCaller(caller, input);
    const changes: AdmissionChanges = {
      ...this.fields(caller, input),
      ...(input.aadhar !== null && this.sealed(caller, input.aadhar)),
    };
    const row = await this.admissionsDeps.repository.update(id, caller.id, changes);
    if (!row) throw new NotFound(ADMISSION_MESSAGES.notFound, 'id');
    return toAdmission(row);
  }

  /**
   * The Aadhaar digits of one of the store's admissions, for its owner only (the admin screens
   * use it); every reveal is recorded (who and when) in the same transaction, with whatever
   * `within` writes there (the caller's audit entry).
   */
  async reveal(
    actor: SignedInUser,
    id: string,
    within?: (tx: Transaction) => Promise<void>,
  ): Promise<string> {
    if (actor.role !== 'owner') throw new Forbidden(NOT_ALLOWED);
    const found = await this.admissionsDeps.repository.revealSealed(
      actor.storeId,
      id,
      actor.id,
      within,
    );
    if (!found) throw new NotFound(ADMISSION_MESSAGES.notFound, 'id');
    const { row } = found;
    return this.admissionsDeps.box.open(row.aadhaarSealed, contextOf(row.storeId, row.userId));
  }

  /**
   * POST /admission-pay and /admission-pay/paydelivery: the caller's admission, then the orders
   * service places a course-only order linked to it.
   */
  async pay(
    caller: SignedInUser,
    body: Omit<PlaceOrderInput, 'billing_address' | 'shipping_address'> & { admission_id: string },
    idempotencyKey: string | undefined,
  ): Promise<PlaceAnswer> {
    if (body.user_id !== undefined && body.user_id !== caller.id) {
      throw new Forbidden(NOT_YOURS, 'user_id');
    }
    const row = await this.admissionsDeps.repository.byId(body.admission_id);
    if (!row || row.userId !== caller.id) {
      throw new NotFound(ADMISSION_MESSAGES.notFound, 'admission_id');
    }
    return this.admissionsDeps.placing.place(caller, body, idempotencyKey, {
      id: row.id,
      name: row.name,
      address: row.address,
      pincode: row.pincode,
      center: row.center,
    });
  }

  private checkCaller(caller: SignedInUser, input: AdmissionInput) {
    if (input.user_id !== undefined && input.user_id !== caller.id) {
      throw new Forbidden(NOT_YOURS, 'user_id');
    }
    if (input.main_id && input.main_id !== caller.storeId) {
      throw new BadRequest(CART_MESSAGES.wrongStore, 'main_id');
    }
  }

  private fields(_caller: SignedInUser, i: AdmissionInput) {
    return {
      name: i.name,
      fatherName: i.fatherName,
      motherName: i.motherName,
      dob: i.dob,
      gender: i.gender,
      school: i.school,
      address: i.address,
      pincode: i.pincode,
      mobile: i.mobile,
      email: i.email,
      center: i.center,
      rulesAgreed: i.rulesAgreed,
    };
  }

  private sealed(caller: SignedInUser, digits: string) {
    return {
      aadhaarSealed: this.admissionsDeps.box.seal(digits, contextOf(caller.storeId, caller.id)),
      aadhaarHash: createHmac('sha256', this.admissionsDeps.hashKey)
        .update(`${caller.storeId}:${digits}`)
        .digest('hex'),
      aadhaarLast4: digits.slice(-4),
    };
  }
}

export function toAdmission(r: AdmissionRow): Admission {
  return {
    id: r.id,
    user_id: r.userId,
    name: r.name,
    fatherName: r.fatherName,
    motherName: r.motherName,
    dob: r.dob,
    aadhar: maskAadhaar(r.aadhaarLast4),
    gender: r.gender as Admission['gender'],
    school: r.school,
    address: r.address,
    pincode: r.pincode,
    mobile: r.mobile,
    email: r.email,
    center: r.center as Admission['center'],
    rulesAgreed: r.rulesAgreed,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
