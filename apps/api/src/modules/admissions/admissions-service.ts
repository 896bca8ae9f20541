import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  ADMISSION_CONSENT_MESSAGES as CM,
  ADMISSION_MESSAGES,
  CART_MESSAGES,
  type Admission,
  type ConsentView,
} from '@shop/contracts';
import type { Transaction } from '@shop/db';
import { indiaDay, maskAadhaar, needsParentConsent } from '@shop/domain';
import type { EmailSender } from '../../adapters/email-sender.ts';
import type { SecretBox } from '../../adapters/secret-box.ts';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, Conflict, Forbidden, NotFound, Unavailable } from '../../lib/errors.ts';
import type { ErasureSubject, PersonalRows } from '../../lib/personal-rows.ts';
import { NOT_ALLOWED, NOT_YOURS, type SignedInUser } from '../../plugins/auth.ts';
import type { RateLimiter } from '../../plugins/rate-limiter.ts';
import type { ContactService } from '../contact/contact-service.ts';
import type { PlaceAnswer, PlaceOrderInput, PlacingService } from '../orders/placing-service.ts';
import { parentConsentEmail } from './admission-emails.ts';
import type {
  AdmissionChanges,
  AdmissionRow,
  AdmissionsErased,
  AdmissionsRepository,
  ConsentRecord,
} from './admissions-repository.ts';

export type { AdmissionsErased } from './admissions-repository.ts';

export const NO_AADHAAR = 'No Aadhaar number was given on this admission.';
export const ADMISSION_EXISTS = 'You have already submitted the admission form; update it instead.';

/** How long an emailed consent link works. */
export const CONSENT_LINK_HOURS = 72;
/** Consent emails one admission may send an hour (each to whoever its owner names). */
const CONSENT_EMAILS_PER_HOUR = 5;
const HOUR_MS = 3_600_000;

/** The form's fields as the contract answers them (output side). */
export interface AdmissionInput {
  name: string;
  guardianName: string;
  guardianRelation: string;
  guardianMobile: string;
  guardian2Name: string;
  guardian2Relation: string;
  guardian2Mobile: string;
  dob: string;
  /** The 12 digits; null: none given (a new admission) or keep the one on file (an update). */
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
  parentConsent?: ParentConsentOutput | undefined;
}

/** The parent's consent as the contract answers it (the email lower-cased). */
export type ParentConsentOutput =
  { method: 'declared'; declaration: true } | { method: 'email'; parentEmail: string };

export interface AdmissionsServiceDeps {
  repository: AdmissionsRepository;
  /** Seals the Aadhaar number (AES-256-GCM, a key derived from the server secret). */
  box: SecretBox;
  /** The HMAC key of `aadhaar_hash` (derived from the server secret, its own purpose). */
  hashKey: Uint8Array;
  placing: PlacingService;
  /** Owes the shop's inbox a notice of a new admission (never with the Aadhaar number). */
  contact: Pick<ContactService, 'oweNotice' | 'noticesOwed'>;
  /** The store's name (the consent email names the shop). */
  storeName: (storeId: string) => Promise<string>;
  email: EmailSender;
  clock: Clock;
  limiter: Pick<RateLimiter, 'hit'>;
  /** Where the storefront is (the consent link). */
  publicUrl: string;
  log: { error(obj: object, msg: string): void };
}

/** What the consent email needs, read before its transaction. */
interface Asking {
  parentEmail: string;
  requestedBy: string;
  shop: string;
}

/** The SHA-256 of a consent link's token: all that is stored of it. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** An email shown masked: its first letter and domain (`p•••@example.com`). */
const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
};

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

  /** A shopper's erasure of their admission (see the repository's; issue 61 item 3). */
  erasePersonalDataOf(subject: ErasureSubject): Promise<AdmissionsErased> {
    return this.admissionsDeps.repository.erasePersonalDataOf(subject);
  }

  /** The caller's admission (masked), or null when they have none. */
  async ofUser(caller: SignedInUser): Promise<Admission | null> {
    const row = await this.admissionsDeps.repository.ofUser(caller.id);
    return row && this.toAdmission(row);
  }

  private today() {
    return indiaDay(this.admissionsDeps.clock());
  }

  /**
   * A new admission. An adult student's is submitted at once (the shop's notice owed in the same
   * transaction); a child's waits for the parent's consent: declared here by the account holder
   * (recorded in the same transaction), or asked for by email (the request stored and the email
   * sent inside the transaction: no request is left whose email failed).
   */
  async create(caller: SignedInUser, input: AdmissionInput): Promise<Admission> {
    this.checkCaller(caller, input);
    const { repository, contact } = this.admissionsDeps;
    const now = this.admissionsDeps.clock();
    const minor = needsParentConsent(input.dob, this.today());
    const consent = minor ? input.parentConsent : undefined;
    const declared = consent?.method === 'declared' ? await this.declaration(caller, now) : null;
    const asking = consent?.method === 'email' ? await this.asker(caller, consent) : null;
    const row = await repository.create(
      {
        storeId: caller.storeId,
        userId: caller.id,
        ...this.fields(caller, input),
        ...(input.aadhar !== null && this.sealed(caller, input.aadhar)),
        ...declared,
        submittedAt: !minor || declared ? now : null,
      },
      async (tx, created) => {
        if (created.submittedAt) await this.oweNotice(tx, created);
        if (asking) await this.emailParent(tx, created, asking, now);
      },
    );
    if (!row) throw new Conflict(ADMISSION_EXISTS, 'user_id');
    if (row.submittedAt) contact.noticesOwed();
    return this.toAdmission(row);
  }

  /**
   * Updates the caller's admission. Once a parent has consented, the student (name, date of
   * birth) stays the one consented for. A child's admission without consent is not submitted
   * (an adult's made a child's goes back to waiting); one submitted now owes the shop its notice.
   */
  async update(caller: SignedInUser, id: string, input: AdmissionInput): Promise<Admission> {
    this.checkCaller(caller, input);
    const { repository, contact } = this.admissionsDeps;
    const now = this.admissionsDeps.clock();
    const minor = needsParentConsent(input.dob, this.today());
    const consent = minor ? input.parentConsent : undefined;
    const declared = consent?.method === 'declared' ? await this.declaration(caller, now) : null;
    const asking = consent?.method === 'email' ? await this.asker(caller, consent) : null;
    let submittedNow = false;
    const row = await repository.transaction(async (tx) => {
      const old = await repository.ownForUpdate(tx, id, caller.id);
      if (!old) throw new NotFound(ADMISSION_MESSAGES.notFound, 'id');
      const consented = old.parentConsentAt !== null;
      if (consented && (old.name !== input.name || old.dob !== input.dob)) {
        throw new Conflict(CM.studentLocked, old.name !== input.name ? 'name' : 'dob');
      }
      const submitted = !minor || consented || declared !== null;
      const changes: AdmissionChanges = {
        ...this.fields(caller, input),
        ...(input.aadhar !== null && this.sealed(caller, input.aadhar)),
        ...(!consented && declared),
        submittedAt: submitted ? (old.submittedAt ?? now) : null,
      };
      const updated = await repository.update(tx, id, changes);
      if (updated.submittedAt && !old.submittedAt) {
        submittedNow = true;
        await this.oweNotice(tx, updated);
      }
      if (asking && !consented) await this.emailParent(tx, updated, asking, now);
      return updated;
    });
    if (submittedNow) contact.noticesOwed();
    return this.toAdmission(row);
  }

  /**
   * POST /admission/{id}/parent-consent: the account holder declares they are the parent, or
   * asks the parent by email (again: a new link retires the older). A consent already recorded
   * is a no-op (`alreadyGiven`); an adult student's needs none (409).
   */
  async askParentConsent(
    caller: SignedInUser,
    id: string,
    consent: ParentConsentOutput,
  ): Promise<{ admission: Admission; message: string }> {
    const { repository, contact } = this.admissionsDeps;
    const now = this.admissionsDeps.clock();
    const declared = consent.method === 'declared' ? await this.declaration(caller, now) : null;
    const asking = consent.method === 'email' ? await this.asker(caller, consent) : null;
    const answer = await repository.transaction(async (tx) => {
      const row = await repository.ownForUpdate(tx, id, caller.id);
      if (!row) throw new NotFound(ADMISSION_MESSAGES.notFound, 'id');
      if (row.parentConsentAt) return { row, message: CM.alreadyGiven, submittedNow: false };
      if (!needsParentConsent(row.dob, this.today())) throw new Conflict(CM.notNeeded, 'dob');
      if (declared) {
        const updated = await repository.update(tx, id, {
          ...declared,
          submittedAt: row.submittedAt ?? now,
        });
        if (!row.submittedAt) await this.oweNotice(tx, updated);
        return { row: updated, message: CM.declared, submittedNow: !row.submittedAt };
      }
      await this.emailParent(tx, row, asking!, now);
      return { row, message: CM.requested, submittedNow: false };
    });
    if (answer.submittedNow) contact.noticesOwed();
    return { admission: await this.toAdmission(answer.row), message: answer.message };
  }

  /**
   * What a consent link asks the parent (POST /admission-consent/view): for the signed-in
   * account of the email the link was sent to only; anyone else learns nothing of the student.
   */
  async consentView(caller: SignedInUser, token: string): Promise<ConsentView> {
    const { repository } = this.admissionsDeps;
    const request = await repository.consentRequestByHash(hashToken(token));
    const row = request && (await repository.byId(request.admissionId));
    if (!request || !row || request.storeId !== caller.storeId) {
      throw new NotFound(CM.linkInvalid, 'token');
    }
    this.checkParent(
      caller,
      await repository.contactOf(caller.id),
      request.parentEmail,
      row.userId,
    );
    const alreadyGiven = row.parentConsentAt !== null;
    if (!alreadyGiven) this.checkOpen(request);
    const holder = await repository.contactOf(row.userId);
    return {
      studentName: row.name,
      dob: row.dob,
      center: row.center,
      guardianName: row.guardianName,
      requestedBy: holder?.name || holder?.email || '',
      shopName: await this.admissionsDeps.storeName(row.storeId),
      expiresAt: request.expiresAt.toISOString(),
      alreadyGiven,
    };
  }

  /**
   * The parent consents from their own account (POST /admission-consent/confirm), in one
   * transaction: the request locked, checked (this store's, sent to the caller's email, not the
   * holder's own account, open), the consent recorded, the request used, the admission submitted
   * and the shop's notice owed. A consent already recorded is a no-op (`alreadyGiven`).
   */
  async confirmConsent(
    caller: SignedInUser,
    token: string,
  ): Promise<{ message: string; alreadyGiven: boolean }> {
    const { repository, contact } = this.admissionsDeps;
    const now = this.admissionsDeps.clock();
    const parent = await repository.contactOf(caller.id);
    const answer = await repository.transaction(async (tx) => {
      const request = await repository.consentRequestByHash(hashToken(token), tx);
      const row = request && (await repository.byIdForUpdate(tx, request.admissionId));
      if (!request || !row || request.storeId !== caller.storeId) {
        throw new NotFound(CM.linkInvalid, 'token');
      }
      this.checkParent(caller, parent, request.parentEmail, row.userId);
      if (row.parentConsentAt) return { message: CM.alreadyGiven, alreadyGiven: true };
      this.checkOpen(request);
      const updated = await repository.update(tx, row.id, {
        parentConsentMethod: 'parent_account',
        parentConsentBy: caller.id,
        parentConsentEmail: parent!.email,
        parentConsentAt: now,
        submittedAt: row.submittedAt ?? now,
      });
      await repository.markConsentRequestUsed(tx, request.id, now);
      if (!row.submittedAt) await this.oweNotice(tx, updated);
      return { message: CM.given, alreadyGiven: false };
    });
    if (!answer.alreadyGiven) contact.noticesOwed();
    return answer;
  }

  /** The caller is the account of the email the link went to, and not the holder's own. */
  private checkParent(
    caller: SignedInUser,
    me: { email: string } | null,
    parentEmail: string,
    holderId: string,
  ) {
    if (caller.id === holderId) throw new Forbidden(CM.ownAdmission, 'token');
    if (!me || me.email !== parentEmail) throw new Forbidden(CM.wrongAccount, 'token');
  }

  private checkOpen(request: { usedAt: Date | null; expiresAt: Date }) {
    if (request.usedAt) throw new Conflict(CM.linkUsed, 'token');
    if (request.expiresAt <= this.admissionsDeps.clock()) {
      throw new Conflict(CM.linkExpired, 'token');
    }
  }

  /** The account holder's declaration, recorded as the consent (their account, its email). */
  private async declaration(caller: SignedInUser, now: Date): Promise<ConsentRecord> {
    const me = await this.admissionsDeps.repository.contactOf(caller.id);
    if (!me) throw new NotFound(ADMISSION_MESSAGES.notFound, 'user_id');
    return {
      parentConsentMethod: 'declared',
      parentConsentBy: caller.id,
      parentConsentEmail: me.email,
      parentConsentAt: now,
    };
  }

  /**
   * Who asks the parent (the holder's name for the email), never the holder's own email, and the
   * shop's name; read, and the emails counted, before the transaction that stores the request.
   */
  private async asker(caller: SignedInUser, consent: { parentEmail: string }): Promise<Asking> {
    const me = await this.admissionsDeps.repository.contactOf(caller.id);
    if (!me) throw new NotFound(ADMISSION_MESSAGES.notFound, 'user_id');
    if (me.email === consent.parentEmail) {
      throw new BadRequest(CM.parentEmailIsYours, 'parentConsent.parentEmail');
    }
    await this.admissionsDeps.limiter.hit(
      [
        {
          key: `admission-consent:${caller.id}`,
          max: CONSENT_EMAILS_PER_HOUR,
          windowMs: HOUR_MS,
        },
      ],
      'Too many consent emails: please wait an hour.',
    );
    return {
      parentEmail: consent.parentEmail,
      requestedBy: me.name || me.email,
      shop: await this.admissionsDeps.storeName(caller.storeId),
    };
  }

  /** Stores a new link for the admission and emails it, in `tx` (an email failure undoes it). */
  private async emailParent(tx: Transaction, row: AdmissionRow, asking: Asking, now: Date) {
    const d = this.admissionsDeps;
    const token = randomBytes(32).toString('base64url');
    await d.repository.addConsentRequest(
      tx,
      {
        storeId: row.storeId,
        admissionId: row.id,
        parentEmail: asking.parentEmail,
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + CONSENT_LINK_HOURS * HOUR_MS),
        createdAt: now,
      },
      now,
    );
    try {
      await d.email.send(
        parentConsentEmail({
          to: asking.parentEmail,
          shop: asking.shop,
          student: row.name,
          requestedBy: asking.requestedBy,
          link: `${d.publicUrl.replace(/\/$/, '')}/admission-consent#token=${token}`,
          validHours: CONSENT_LINK_HOURS,
        }),
      );
    } catch (err) {
      d.log.error({ err }, 'sending a parent consent email failed');
      throw new Unavailable(CM.emailFailed);
    }
  }

  /** Owes the shop's inbox its notice of a submitted admission (in the transaction). */
  private oweNotice(tx: Transaction, row: AdmissionRow) {
    const fields: [string, string][] = [
      ['Student', row.name],
      ['Date of birth', row.dob],
      [row.guardianRelation || 'Parent', `${row.guardianName}, +91 ${row.guardianMobile}`],
    ];
    if (row.guardian2Name) {
      fields.push([
        row.guardian2Relation || 'Second parent',
        row.guardian2Mobile
          ? `${row.guardian2Name}, +91 ${row.guardian2Mobile}`
          : row.guardian2Name,
      ]);
    }
    if (row.parentConsentAt) {
      fields.push([
        "Parent's consent",
        `${row.parentConsentMethod === 'declared' ? 'declared by the account holder' : "from the parent's own account"} (${row.parentConsentEmail ?? ''})`,
      ]);
    }
    fields.push(['Centre', row.center], ['Mobile', `+91 ${row.mobile}`], ['Email', row.email]);
    return this.admissionsDeps.contact.oweNotice(tx, {
      storeId: row.storeId,
      form: 'admission',
      itemId: row.id,
      subject: `New admission form from ${row.name}`,
      intro: 'A new admission form was submitted on the academy page.',
      fields,
    });
  }

  /** An admission as answered: Aadhaar masked, its status, consent and any open request. */
  private async toAdmission(row: AdmissionRow): Promise<Admission> {
    const open =
      row.parentConsentAt || row.submittedAt
        ? null
        : await this.admissionsDeps.repository.openConsentRequest(
            row.id,
            this.admissionsDeps.clock(),
          );
    return toAdmission(row, open ? maskEmail(open.parentEmail) : null);
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
    if (!row.aadhaarSealed) throw new NotFound(NO_AADHAAR, 'id');
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
    if (!row.submittedAt) throw new Conflict(CM.notPayable, 'admission_id');
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
      guardianName: i.guardianName,
      guardianRelation: i.guardianRelation,
      guardianMobile: i.guardianMobile,
      guardian2Name: i.guardian2Name,
      guardian2Relation: i.guardian2Name ? i.guardian2Relation : '',
      guardian2Mobile: i.guardian2Name ? i.guardian2Mobile : '',
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

export function toAdmission(r: AdmissionRow, consentRequestedTo: string | null = null): Admission {
  return {
    id: r.id,
    user_id: r.userId,
    name: r.name,
    guardianName: r.guardianName,
    guardianRelation: r.guardianRelation as Admission['guardianRelation'],
    guardianMobile: r.guardianMobile,
    guardian2Name: r.guardian2Name,
    guardian2Relation: r.guardian2Relation as Admission['guardian2Relation'],
    guardian2Mobile: r.guardian2Mobile,
    dob: r.dob,
    aadhar: r.aadhaarLast4 ? maskAadhaar(r.aadhaarLast4) : '',
    gender: r.gender as Admission['gender'],
    school: r.school,
    address: r.address,
    pincode: r.pincode,
    mobile: r.mobile,
    email: r.email,
    center: r.center as Admission['center'],
    rulesAgreed: r.rulesAgreed,
    status: r.submittedAt ? 'submitted' : 'awaiting_parent_consent',
    parentConsent:
      r.parentConsentAt && r.parentConsentMethod
        ? {
            method: r.parentConsentMethod as 'declared' | 'parent_account',
            email: r.parentConsentEmail ?? '',
            at: r.parentConsentAt.toISOString(),
          }
        : null,
    consentRequestedTo,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
