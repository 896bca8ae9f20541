import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { useOffers } from '../api/catalogue-queries.ts';
import { HomeRow } from './home-row.tsx';

export const OFFER_ROW_STEP = 250;

/** Offers in reverse of the order received; Claim Your Offer only when there is a link. */
export function OffersRow() {
  return (
    <HomeRow
      query={useOffers()}
      what="offers"
      heading="Offers"
      label="Offers"
      step={OFFER_ROW_STEP}
    >
      {(offers) =>
        [...offers].reverse().map((o) => (
          <li
            key={o.title}
            className="flex w-64 shrink-0 flex-col overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200"
          >
            <img
              src={o.image}
              alt=""
              width={1200}
              height={500}
              loading="lazy"
              className="aspect-[12/5] w-full object-cover"
            />
            <div className="flex flex-1 flex-col gap-1 p-3">
              <p className="text-xs font-bold uppercase tracking-wide text-orange-800">
                Limited Time Offer!
              </p>
              <h3 className="font-semibold">{o.title}</h3>
              <p className="text-sm text-slate-700">{o.description}</p>
              {o.link && (
                <Link to={o.link} className={buttonClass('primary', 'mt-auto')}>
                  Claim Your Offer
                </Link>
              )}
            </div>
          </li>
        ))
      }
    </HomeRow>
  );
}
