import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Database } from '@shop/db';
import { normalizeEmail, parseRole, type Role } from '@shop/domain';
import type { EmailSender } from '../../adapters/email-sender.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  BadRequest,
  Conflict,
  Forbidden,
  NotFound,
  TooManyRequests,
  Unavailable,
} from '../../lib/errors.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import { NOT_ALLOWED, type SignedInUser } from '../../plugins/auth.ts';
import type { RateLimiter } from '../../plugins/rate-limiter.ts';
import type { AuditService } from '../audit/audit-service.ts';
import { staffInviteEmail } from './account-emails.ts';
import { ACCOUNT_MESSAGES as MSG, HOUR, MINUTE } from './accounts-messages.ts';
import type { SessionsService } from './sessions-service.ts';
import type { StaffInviteRow, StaffRepository, StaffUserRow } from './staff-repository.ts';

/** How long an invite's code works. */
export const INVITE_TTL_HOURS = 72;
/** Wrong codes an invite takes before it must be sent again. */
export const INVITE_MAX_TRIES = 5;

export type StaffRole = Extract<Role, 'staff' | 'owner'>;

export interface StaffServiceOptions {
  repository: StaffRepository;
  sessions: SessionsService;
  audit: AuditService;
  passwords: PasswordHasher;
  email: EmailSender;
  limiter: RateLimiter;
  clock: Clock;
  /** Keys the HMAC of stored invite codes. */
  inviteKey: Uint8Array;
  /** Tries of invite codes per IP address, 10 minutes. */
  triesPerIp: number;
  log: { error(obj: object, msg: string): void };
}

/** What the audit log keeps of a staff member (never secrets). */
const auditView = (u: StaffUserRow) => ({ email: u.email, full_name: u.fullName, role: u.role });

/**
 * The store's staff: the owner invites by email (a code), the invitee accepts,
 * the owner changes roles and removes staff. Each write takes the store's row lock and records
 * its audit entry in its own transaction; the store never loses its last owner.
 */
export class StaffService {
  constructor(private readonly staffDeps: StaffServiceOptions) {}

  private hashCode(storeId: string, email: string, code: string) {
    return createHmac('sha256', this.staffDeps.inviteKey)
      .update(`invite\n${storeId}\n${email}\n${code}`)
      .digest('hex');
  }

  /** The store's staff and its open invites. */
  async list(storeId: string): Promise<{ staff: StaffUserRow[]; invites: StaffInviteRow[] }> {
    const [staff, invites] = await Promise.all([
      this.staffDeps.repository.staffOf(storeId),
      this.staffDeps.repository.openInvites(storeId, this.staffDeps.clock()),
    ]);
    return { staff, invites };
  }

  /** Emails an invite code to `email` for `role`; 409 when the email already has that role or more. */
  async invite(
    caller: SignedInUser,
    store: { id: string; name: string },
    rawEmail: string,
    role: StaffRole,
  ): Promise<StaffInviteRow> {
    const email = normalizeEmail(rawEmail);
    const now = this.staffDeps.clock();
    const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
    const invite = await this.staffDeps.repository.transaction(async (tx) => {
      await this.staffDeps.repository.lockStore(tx, store.id);
      const existing = await this.staffDeps.repository.userByEmail(tx, store.id, email);
      const has = existing ? parseRole(existing.role) : 'customer';
      if (has === 'owner' || has === role) throw new Conflict(MSG.alreadyStaff, 'email');
      const row = await this.staffDeps.repository.addInvite(tx, {
        storeId: store.id,
        email,
        role,
        codeHash: this.hashCode(store.id, email, code),
        invitedBy: caller.id,
        expiresAt: new Date(now.getTime() + INVITE_TTL_HOURS * HOUR),
        createdAt: now,
      });
      await this.staffDeps.audit.record(
        tx,
        { storeId: store.id, userId: caller.id },
        {
          action: 'staff.invite',
          entity: 'staff_invite',
          entityId: row.id,
          after: { email, role, expires_at: row.expiresAt },
        },
      );
      // Sent inside the transaction: an invite whose email failed is not left behind.
      try {
        await this.staffDeps.email.send(
          staffInviteEmail(email, store.name, code, role, INVITE_TTL_HOURS),
        );
      } catch (err) {
        this.staffDeps.log.error({ err }, 'sending a staff invite failed');
        throw new Unavailable(MSG.emailFailed);
      }
      return row;
    });
    return invite;
  }

  /**
   * Accepts an invite with its code (public: the code proves the email). Makes the account
   * with that name and password, or promotes an existing one of the store (its password is set
   * and its other sessions end). Tries are limited per invite and per IP address.
   */
  async accept(input: {
    storeId: string;
    email: string;
    code: string;
    fullName: string;
    password: string;
    ip: string;
  }): Promise<StaffUserRow> {
    await this.staffDeps.limiter.hit(
      [{ key: `invite-try:ip:${input.ip}`, max: this.staffDeps.triesPerIp, windowMs: 10 * MINUTE }],
      'Too many invite code tries.',
    );
    const email = normalizeEmail(input.email);
    const now = this.staffDeps.clock();
    const invite = await this.staffDeps.repository.openInvite(input.storeId, email, now);
    if (!invite) throw new BadRequest(MSG.noInvite, 'code');
    if (!(await this.staffDeps.repository.countTry(invite.id, INVITE_MAX_TRIES))) {
      throw new TooManyRequests(MSG.tooManyInviteTries);
    }
    const given = Buffer.from(this.hashCode(input.storeId, email, input.code), 'hex');
    if (!timingSafeEqual(Buffer.from(invite.codeHash, 'hex'), given)) {
      throw new BadRequest(MSG.wrongInviteCode, 'code');
    }
    const passwordHash = await this.staffDeps.passwords.hash(input.password);
    return this.staffDeps.repository.transaction(async (tx) => {
      await this.staffDeps.repository.lockStore(tx, input.storeId);
      const existing = await this.staffDeps.repository.userByEmail(tx, input.storeId, email);
      // An owner accepting a staff invite keeps the owner role.
      const role =
        existing && parseRole(existing.role) === 'owner' ? 'owner' : parseRole(invite.role);
      const user = existing
        ? await this.staffDeps.repository.updateUser(tx, existing.id, {
            role,
            passwordHash,
            fullName: input.fullName,
          })
        : await this.staffDeps.repository.createUser(tx, {
            storeId: input.storeId,
            email,
            fullName: input.fullName,
            passwordHash,
            role,
          });
      if (!(await this.staffDeps.repository.closeAccepted(tx, invite.id, user.id, now))) {
        throw new BadRequest(MSG.noInvite, 'code');
      }
      if (existing) await this.staffDeps.sessions.endAllOf(existing.id, tx);
      await this.staffDeps.audit.record(
        tx,
        { storeId: input.storeId, userId: user.id },
        {
          action: 'staff.accept',
          entity: 'user',
          entityId: user.id,
          before: existing ? auditView(existing) : null,
          after: auditView(user),
        },
      );
      return user;
    });
  }

  /**
   * Sets a staff member's role (`customer` removes them from the staff). The last owner cannot
   * be demoted or removed (409). A changed role ends the member's sessions.
   */
  async setRole(caller: SignedInUser, userId: string, role: Role): Promise<StaffUserRow> {
    return this.staffDeps.repository.transaction(async (tx: Database) => {
      await this.staffDeps.repository.lockStore(tx, caller.storeId);
      // Under the lock, the caller must still be an owner: an owner demoted by a change that
      // committed while this request waited for the lock acts no more.
      const self = await this.staffDeps.repository.userOfStore(tx, caller.storeId, caller.id);
      if (!self || parseRole(self.role) !== 'owner') throw new Forbidden(NOT_ALLOWED);
      const user = await this.staffDeps.repository.userOfStore(tx, caller.storeId, userId);
      const has = user ? parseRole(user.role) : 'customer';
      if (!user || has === 'customer') throw new NotFound(MSG.staffNotFound);
      if (has === role) return user;
      if (
        has === 'owner' &&
        (await this.staffDeps.repository.countOwners(tx, caller.storeId)) <= 1
      ) {
        throw new Conflict(MSG.lastOwner);
      }
      const updated = await this.staffDeps.repository.updateUser(tx, user.id, { role });
      await this.staffDeps.sessions.endAllOf(user.id, tx);
      await this.staffDeps.audit.record(
        tx,
        { storeId: caller.storeId, userId: caller.id },
        {
          action: role === 'customer' ? 'staff.remove' : 'staff.role',
          entity: 'user',
          entityId: user.id,
          before: auditView(user),
          after: auditView(updated),
        },
      );
      return updated;
    });
  }
}
