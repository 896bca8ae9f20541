import type { EmailMessage } from '../../adapters/email-sender.ts';
import { escapeHtml } from '../../lib/escape-html.ts';

/**
 * The email asking a parent to consent to a child's admission from their own account (issue 61
 * item 4): who asked, for which student, the link (its token only in the link's fragment, so no
 * server log sees it), how long it works.
 */
export function parentConsentEmail(input: {
  to: string;
  shop: string;
  student: string;
  requestedBy: string;
  link: string;
  validHours: number;
}): EmailMessage {
  const { shop } = input;
  const lines = [
    `${input.requestedBy} filled in an admission form at ${shop} for ${input.student}, who is under 18. The law (the Digital Personal Data Protection Act, 2023) needs a parent's consent before the academy uses a child's details.`,
    `If you are ${input.student}'s parent or guardian, open this link, sign in with your own ${shop} account of this email address (or create one), check the details and consent: ${input.link}`,
    `The link works once, for ${input.validHours} hours. If you do not know about this admission, ignore this email: nothing is sent to the academy without your consent.`,
  ];
  return {
    to: input.to,
    subject: `Your consent for ${input.student}'s admission at ${shop}`,
    text: `Hello,\n\n${lines.join('\n\n')}\n\n${shop}\n`,
    html:
      `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a;line-height:1.5">` +
      `<h1 style="font-size:20px">${escapeHtml(shop)}</h1>` +
      `<p>${escapeHtml(lines[0]!)}</p>` +
      `<p>${escapeHtml(`If you are ${input.student}'s parent or guardian, sign in with your own ${shop} account of this email address (or create one), check the details and consent:`)}</p>` +
      `<p><a href="${escapeHtml(input.link)}">Review and consent</a></p>` +
      `<p>${escapeHtml(lines[2]!)}</p></body></html>`,
  };
}
