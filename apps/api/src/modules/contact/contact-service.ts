import { Forbidden, NotFound } from '../../lib/errors.ts';
import { noticeEmail, type PublicFormGuard } from '../../lib/public-form-guard.ts';
import type { SignedInUser } from '../../plugins/auth.ts';
import type { ContactRepository } from './contact-repository.ts';

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

/** One line, so a name can never add a header line to a notice's subject. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

export const UNKNOWN_STORE = 'Unknown store.';

/**
 * The contact (lead) and enquiry forms: limited, honeypot-checked, stored for the shop's inbox
 * (status New) and announced to the shop by email after the answer.
 */
export class ContactService {
  constructor(
    private readonly repository: ContactRepository,
    private readonly guard: PublicFormGuard,
  ) {}

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
    const row = await this.repository.insertLead({
      storeId: input.storeId,
      name: input.name,
      email: input.email,
      mobile: input.mobile,
      remark: input.remark,
      userId: caller && input.userId === caller.id ? caller.id : null,
      userName: input.userName,
    });
    if (inbox.noticeTo) {
      this.guard.notifyShop(
        noticeEmail(
          inbox.noticeTo,
          `New contact message from ${oneLine(input.name)}`,
          `Someone wrote to ${inbox.name} through the contact page.`,
          [
            ['Name', input.name],
            ['Email', input.email],
            ['Mobile', `+91 ${input.mobile}`],
            ['Message', input.remark || '(none)'],
          ],
        ),
        { leadId: row.id },
      );
    }
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
    const row = await this.repository.insertInquiry({
      storeId: input.storeId,
      name: input.name,
      mobile: input.mobile,
      email: input.email,
      parentName: input.parentName,
      dob: input.dob === '' ? null : input.dob,
      age: input.age,
      remark: input.remark,
    });
    if (inbox.noticeTo) {
      this.guard.notifyShop(
        noticeEmail(
          inbox.noticeTo,
          `New enquiry from ${oneLine(input.name)}`,
          `Someone sent ${inbox.name} an enquiry.`,
          [
            ['Name', input.name],
            ['Mobile', `+91 ${input.mobile}`],
            ['Email', input.email],
            ['Parent name', input.parentName || '(none)'],
            ['Date of birth', input.dob || '(none)'],
            ['Age', input.age === null ? '(none)' : String(input.age)],
            ['Message', input.remark || '(none)'],
          ],
        ),
        { inquiryId: row.id },
      );
    }
    return true;
  }

  /**
   * Emails the shop's inbox a notice after the answer (for other modules' forms, such as the
   * admission form); nothing when the store has no notice address.
   */
  async notifyShop(
    storeId: string,
    notice: { subject: string; intro: string; fields: [string, string][] },
    context: object,
  ): Promise<void> {
    const inbox = await this.repository.storeInbox(storeId);
    if (!inbox?.noticeTo) return;
    this.guard.notifyShop(
      noticeEmail(inbox.noticeTo, oneLine(notice.subject), notice.intro, notice.fields),
      context,
    );
  }
}
