import { chatNumber, normalizeMobile } from '@shop/domain';
import { buttonClass } from '../../../components/ui/button.tsx';
import { useHelp } from '../../../lib/store-queries.ts';

/** The Help tab: chat on WhatsApp or call the shop. */
export function AccountHelp() {
  const { data: help, isPending, isError } = useHelp();
  if (isPending) return <p className="text-slate-700">Loading help...</p>;
  if (isError) return <p className="text-slate-700">Help is not available right now.</p>;
  const mobile = normalizeMobile(help.mobile);
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-lg font-bold text-slate-900">Need help?</h2>
      <p className="text-slate-700">Our team answers on WhatsApp and on the phone.</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        {help.whatsapp_number && (
          <a
            href={`https://wa.me/${chatNumber(help.whatsapp_number)}`}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass('primary', 'min-h-11 px-5')}
          >
            Chat on WhatsApp
          </a>
        )}
        {mobile && (
          <a
            href={`tel:+${chatNumber(mobile)}`}
            className={buttonClass('secondary', 'min-h-11 px-5')}
          >
            Call +91 {mobile}
          </a>
        )}
      </div>
    </div>
  );
}
