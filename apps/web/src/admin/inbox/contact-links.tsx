import type { InboxItem } from '@shop/contracts';

const linkClass =
  'inline-flex min-h-tap items-center justify-center rounded-lg px-3 text-sm font-semibold';

/**
 * One-tap Call and WhatsApp links to the sender (none when the number is not a mobile). Each
 * link's accessible name starts with its visible text (WCAG 2.5.3, label in name), then says
 * whom it reaches: "Call +91 98200 54321 (Meera)", or "Call Meera" where only "Call" shows.
 */
export function ContactLinks({ item, compact = false }: { item: InboxItem; compact?: boolean }) {
  const { tel, whatsapp } = item.links;
  if (!tel && !whatsapp) return <span className="text-sm text-slate-600">No mobile number</span>;
  return (
    <div className="flex flex-wrap gap-2">
      {tel && (
        <a
          href={tel}
          className={`${linkClass} bg-white text-slate-900 ring-1 ring-slate-300 hover:bg-slate-100`}
          aria-label={compact ? `Call ${item.name}` : `Call +91 ${item.mobile} (${item.name})`}
        >
          Call{compact ? '' : ` +91 ${item.mobile}`}
        </a>
      )}
      {whatsapp && (
        <a
          href={whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          className={`${linkClass} bg-green-700 text-white hover:bg-green-800`}
          aria-label={`WhatsApp ${item.name}`}
        >
          WhatsApp
        </a>
      )}
    </div>
  );
}
