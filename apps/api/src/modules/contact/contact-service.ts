import type { Transaction } from '@shop/db';
import { Forbidden, NotFound } from '../../lib/errors.ts';
import type { InboxKind } from '@shop/domain';
import type { ErasedRows, ErasureSubject, PersonalRows } from '../../lib/personal-rows.ts';
import type { PublicFormGuard } from '../../lib/public-form-guard.ts';
import type { SignedInUser } from '../../plugins/auth.ts';
import type { ContactRepository } from './contact-repository.ts';
import { oweShopNotice, type ShopNotice, type ShopNoticeOutbox } from './shop-notices.ts';

export interface LeadInput {
  storeId: string;
  name: string;
  email: string;
  mobile: string;
  remark: string;
  /** The user id the form sent ('' for a guest): it must be the caller's own. */
  userId: string;
  userName: string;
  honeypot: string;
}

export interface InquiryInput {
  storeId: string;
  name: string;
  mobile: string;
  /** The spec's `school` (the form's email field feeds it). */
  email: string;
  parentName: string;
  /** YYYY-MM-DD or ''. */
  dob: string;
  age: number | null;
  remark: string;
  honeypot: string;
}

export const UNKNOWN_STORE = 'Unknown store.';

/**
 * The contact (lead) and enquiry forms: limited, honeypot-checked, stored for the shop's inbox
 * (status New) with the shop's notice email, which is sent after the answer (`shop-notices.ts`).
 */
export class ContactService {
  constructor(
    private readonly repository: ContactRepository,
    private readonly guard: PublicFormGuard,
    private readonly notices: Pick<ShopNoticeOutbox, 'wake'>,
  ) {}

  /** A person's contact messages and enquiries as stored, for their data export (privacy). */
  personalRowsOf(storeId: string, userId: string, email: string): Promise<PersonalRows[]> {
    return this.repository.personalRowsOf(storeId, userId, email);
  }

  /**
   * The account's erasure (issue 61 item 3): its contact messages (by account or email) and
   * enquiries (by email) are deleted with the shop's notices of them. Answers what went, and
   * the inbox items deleted (for the inbox to forget their states and notes).
   */
  async erasePersonalDataOf(
    subject: ErasureSubject,
  ): Promise<{ rows: ErasedRows[]; items: { kind: InboxKind; id: string }[] }> {
    const gone = await this.repository.eraseAllOf(subject.storeId, subject.userId, subject.email);
    return {
      rows: [
        { table: 'leads', erased: gone.leadIds.length, anonymised: 0, kept: 0 },
        { table: 'inquiries', erased: gone.inquiryIds.length, anonymised: 0, kept: 0 },
        { table: 'shop_notices', erased: gone.notices, anonymised: 0, kept: 0 },
      ],
      items: [
        ...gone.leadIds.map((id) => ({ kind: 'lead' as const, id })),
        ...gone.inquiryIds.map((id) => ({ kind: 'enquiry' as const, id })),
      ],
    };
  }

  /**
   * Deletes the shop's notices of other forms' messages being erased (an admission's): the
   * notice repeats the form's name, email and phone (issue 61 item 3).
   */
  async eraseNoticesOf(itemIds: readonly string[]): Promise<ErasedRows[]> {
    const erased = await this.repository.deleteNotices(itemIds);
    return [{ table: 'shop_notices', erased, anonymised: 0, kept: 0 }];
  }

  private async inbox(storeId: string, field: string) {
    const inbox = await this.repository.storeInbox(storeId);
    if (!inbox) throw new NotFound(UNKNOWN_STORE, field);
    return inbox;
  }

  /** Stores a contact message; false when the honeypot caught it (nothing stored or sent). */
  async lead(caller: SignedInUser | null, ip: string, input: LeadInput): Promise<boolean> {
    // A lead names its sender's account only when the sender is signed in as that account.
    if (input.userId !== '' && input.userId !== caller?.id) {
      throw new Forbidden('user_id must be your own account.', 'user_id');
    }
    const inbox = await this.inbox(input.storeId, 'property_id');
    const verdict = await this.guard.admit({
      form: 'lead',
      ip,
      email: input.email,
      honeypot: input.honeypot,
    });
    if (verdict === 'trap') return false;
    await this.repository.insertLead(
      {
        storeId: input.storeId,
        name: input.name,
        email: input.email,
        mobile: input.mobile,
        remark: input.remark,
        userId: caller && input.userId === caller.id ? caller.id : null,
        userName: input.userName,
      },
      {
        subject: `New contact message from ${input.name}`,
        intro: `Someone wrote to ${inbox.name} through the contact page.`,
        fields: [
          ['Name', input.name],
          ['Email', input.email],
          ['Mobile', `+91 ${input.mobile}`],
          ['Message', input.remark || '(none)'],
        ],
      },
    );
    this.notices.wake();
    return true;
  }

  /** Stores an enquiry; false when the honeypot caught it (nothing stored or sent). */
  async inquiry(ip: string, input: InquiryInput): Promise<boolean> {
    const inbox = await this.inbox(input.storeId, 'main_id');
    const verdict = await this.guard.admit({
      form: 'inquiry',
      ip,
      email: input.email,
      honeypot: input.honeypot,
    });
    if (verdict === 'trap') return false;
    await this.repository.insertInquiry(
      {
        storeId: input.storeId,
        name: input.name,
        mobile: input.mobile,
        email: input.email,
        parentName: input.parentName,
        dob: input.dob === '' ? null : input.dob,
        age: input.age,
        remark: input.remark,
      },
      {
        subject: `New enquiry from ${input.name}`,
        intro: `Someone sent ${inbox.name} an enquiry.`,
        fields: [
          ['Name', input.name],
          ['Mobile', `+91 ${input.mobile}`],
          ['Email', input.email],
          ['Parent name', input.parentName || '(none)'],
          ['Date of birth', input.dob || '(none)'],
          ['Age', input.age === null ? '(none)' : String(input.age)],
          ['Message', input.remark || '(none)'],
        ],
      },
    );
    this.notices.wake();
    return true;
  }

  /**
   * Owes the shop a notice of another module's form (the admission form), in the transaction
   * that stores its message; `noticesOwed()` after the commit sends it.
   */
  oweNotice(tx: Transaction, notice: ShopNotice): Promise<void> {
    return oweShopNotice(tx, notice);
  }

  /** Sends the notices just owed, after the answer. */
  noticesOwed(): void {
    this.notices.wake();
  }
}
