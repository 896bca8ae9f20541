import type { CodePurpose } from './accounts-repository.ts';
import type { EmailMessage } from '../../adapters/email-sender.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { indiaDay } from '../../lib/india-day.ts';

const page = (shop: string, paragraphs: string[]) =>
  `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a;line-height:1.5">` +
  `<h1 style="font-size:20px">${escapeHtml(shop)}</h1>` +
  paragraphs.map((p) => `<p>${p}</p>`).join('') +
  `</body></html>`;

/** The message carrying a one-time code, readable on a phone, with the shop's name. */
export function codeEmail(
  to: string,
  shop: string,
  code: string,
  purpose: CodePurpose,
  validMinutes: number,
): EmailMessage {
  const why = {
    signup: `to create your ${shop} account`,
    reset: `to reset your ${shop} password`,
    'staff-login': `to sign in to the ${shop} admin`,
    'second-factor-test': `to show that sign-in codes for the ${shop} admin reach you`,
  }[purpose];
  const lines = [
    `Your verification code ${why} is ${code}.`,
    `It expires in ${validMinutes} minutes and works once. Never share it with anyone: ${shop} will never ask you for it.`,
    'If you did not ask for this code, you can ignore this email.',
  ];
  return {
    to,
    subject: `${code} is your ${shop} verification code`,
    text: `Hello,\n\n${lines.join('\n\n')}\n\n${shop}\n`,
    html: page(shop, [
      `Your verification code ${escapeHtml(why)} is:`,
      `<strong style="font-size:28px;letter-spacing:6px">${code}</strong>`,
      ...lines.slice(1).map(escapeHtml),
    ]),
  };
}

/** Sent instead of a code when someone tries to register an email that has an account. */
export function alreadyRegisteredEmail(to: string, shop: string): EmailMessage {
  const lines = [
    `Someone (we hope you) tried to register at ${shop} with this email address, but it already has an account.`,
    'Log in with your password or Google, or use "Having trouble in sign in?" on the login page to reset your password.',
    'If this was not you, you can ignore this email: nothing has changed.',
  ];
  return {
    to,
    subject: `You already have a ${shop} account`,
    text: `Hello,\n\n${lines.join('\n\n')}\n\n${shop}\n`,
    html: page(shop, lines.map(escapeHtml)),
  };
}

/** An invitation to a store's staff, with the code that accepts it. */
export function staffInviteEmail(
  to: string,
  shop: string,
  code: string,
  role: 'staff' | 'owner',
  validHours: number,
): EmailMessage {
  const as = role === 'owner' ? 'an owner' : 'a staff member';
  const lines = [
    `You have been invited to join ${shop} as ${as}. Your invite code is ${code}.`,
    `Open the shop's admin at /admin, choose "I have an invite", and enter this email, the code, your name and a password. The code works once, for ${validHours} hours.`,
    'If you did not expect this invite, you can ignore this email.',
  ];
  return {
    to,
    subject: `${code} is your invite code for ${shop}`,
    text: `Hello,\n\n${lines.join('\n\n')}\n\n${shop}\n`,
    html: page(shop, [
      escapeHtml(`You have been invited to join ${shop} as ${as}. Your invite code is:`),
      `<strong style="font-size:28px;letter-spacing:6px">${code}</strong>`,
      ...lines.slice(1).map(escapeHtml),
    ]),
  };
}

/**
 * The retention job's warning to a customer account not signed into for the shop's period
 * (issue 61 item 5): it will be erased on `eraseOn` unless they sign in before.
 */
export function inactiveAccountEmail(to: string, shop: string, eraseOn: Date): EmailMessage {
  const day = indiaDay(eraseOn);
  const lines = [
    `You have not signed in to your ${shop} account for a long time. To keep no more personal data than it needs, ${shop} will erase your account on ${day} unless you sign in before then.`,
    'To keep your account, just sign in (with your password, an email code or Google). Nothing else is needed.',
    `Erasing removes your profile, addresses, cart, enquiries and consents. GST invoices and the orders behind them are kept for as long as tax law requires, for that use only.`,
    'If you no longer want the account, you need do nothing.',
  ];
  return {
    to,
    subject: `Your ${shop} account will be erased on ${day} unless you sign in`,
    text: `Hello,\n\n${lines.join('\n\n')}\n\n${shop}\n`,
    html: page(shop, lines.map(escapeHtml)),
  };
}
