import type { Clock } from '../../lib/clock.ts';
import type { ErasedRows, ErasureSubject } from '../../lib/personal-rows.ts';
import type { AccountsErasureRepository, AccountToErase } from './erasure-repository.ts';

/**
 * The accounts module's part of an account's erasure (issue 61 item 3), run last: the account
 * row is anonymised, not deleted (`erased-<id>@invalid`, no name, mobile, GST number, password
 * or Google id; `erased_at` set), so the orders a law holds keep their link and the email is
 * free to sign up again; the codes sent to the old email, the sessions and the push devices go.
 */
export class AccountsErasure {
  constructor(
    private readonly repository: AccountsErasureRepository,
    private readonly clock: Clock,
  ) {}

  /** The account as it is now (its role, its email, whether erased); null when there is none. */
  accountOf(userId: string): Promise<AccountToErase | null> {
    return this.repository.account(userId);
  }

  async erasePersonalDataOf(subject: ErasureSubject): Promise<ErasedRows[]> {
    const done = await this.repository.erase(subject, this.clock());
    return [
      { table: 'users', erased: 0, anonymised: done.anonymised, kept: 0 },
      { table: 'otp_codes', erased: done.codes, anonymised: 0, kept: 0 },
      { table: 'refresh_tokens', erased: done.sessions, anonymised: 0, kept: 0 },
      { table: 'device_tokens', erased: done.devices, anonymised: 0, kept: 0 },
    ];
  }
}
