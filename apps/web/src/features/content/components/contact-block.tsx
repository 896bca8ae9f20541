import { chatNumber, displayIndianPhone } from '@shop/domain';
import { useHelp } from '../../../lib/store-queries.ts';
import { useOffice } from '../hooks/use-content.ts';

const linkClass = 'tap font-medium text-orange-800 underline underline-offset-2';

/**
 * The shop's office address, phone and WhatsApp (+91) and email, from its help and office, and
 * its grievance officer (Consumer Protection (E-Commerce) Rules 2020) when it has named one.
 */
export function ContactBlock() {
  const { data: help } = useHelp();
  const { data: office } = useOffice();
  const whatsapp = help?.whatsapp_number || help?.mobile;
  const officer = office?.grievance_officer;
  return (
    <section aria-labelledby="contact-info-heading" className="flex flex-col gap-4">
      <h2 id="contact-info-heading" className="text-xl font-bold">
        Contact information
      </h2>
      <dl className="flex flex-col gap-3 text-base">
        {office?.google_address && (
          <div>
            <dt className="text-sm font-semibold text-slate-700">Office</dt>
            <dd>
              <address className="not-italic">{office.google_address}</address>
            </dd>
          </div>
        )}
        {help?.mobile && (
          <div>
            <dt className="text-sm font-semibold text-slate-700">Phone</dt>
            <dd>
              <a className={linkClass} href={`tel:+${chatNumber(help.mobile)}`}>
                {displayIndianPhone(help.mobile)}
              </a>
            </dd>
          </div>
        )}
        {whatsapp && (
          <div>
            <dt className="text-sm font-semibold text-slate-700">WhatsApp</dt>
            <dd>
              <a
                className={linkClass}
                href={`https://wa.me/${chatNumber(whatsapp)}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                {displayIndianPhone(whatsapp)}
              </a>
            </dd>
          </div>
        )}
        {help?.email && (
          <div>
            <dt className="text-sm font-semibold text-slate-700">Email</dt>
            <dd>
              <a className={linkClass} href={`mailto:${help.email}`}>
                {help.email}
              </a>
            </dd>
          </div>
        )}
      </dl>
      {officer && (
        <section aria-labelledby="grievance-heading" id="grievance" className="flex flex-col gap-2">
          <h2 id="grievance-heading" className="text-lg font-bold">
            Grievance officer
          </h2>
          <p className="text-sm text-slate-700">
            For a complaint about an order, or a question about your personal data, write to:
          </p>
          <address className="flex flex-col gap-1 text-base not-italic">
            <span>{officer.name}</span>
            <a className={linkClass} href={`mailto:${officer.email}`}>
              {officer.email}
            </a>
            {officer.phone && (
              <a className={linkClass} href={`tel:+${chatNumber(officer.phone)}`}>
                {displayIndianPhone(officer.phone)}
              </a>
            )}
          </address>
        </section>
      )}
    </section>
  );
}
