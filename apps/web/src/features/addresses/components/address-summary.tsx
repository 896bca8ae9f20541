import type { Address } from '@shop/contracts';

const ICONS: Record<Address['location_user'], string> = {
  Home: 'M3 11l9-8 9 8v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
  Office: 'M4 21V5a1 1 0 0 1 1-1h9a1 1 0 0 1 1 1v16M15 9h4a1 1 0 0 1 1 1v11M8 8h3M8 12h3M8 16h3',
  Others: 'M12 21s-7-6.2-7-12a7 7 0 0 1 14 0c0 5.8-7 12-7 12zm0-9a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
};

/** Kind, default badges and the address lines. */
export function AddressSummary({ address }: { address: Address }) {
  return (
    <div className="min-w-0">
      <p className="flex flex-wrap items-center gap-2">
        <span className="inline-flex items-center gap-1 font-bold text-slate-900">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-5 fill-none stroke-current stroke-2"
          >
            <path d={ICONS[address.location_user]} />
          </svg>
          {address.location_user}
        </span>
        {address.defaultaddressS && (
          <span className="rounded bg-green-100 px-1.5 py-0.5 text-xs font-semibold text-green-900">
            Default shipping
          </span>
        )}
        {address.defaultaddressB && (
          <span className="rounded bg-sky-100 px-1.5 py-0.5 text-xs font-semibold text-sky-900">
            Default billing
          </span>
        )}
      </p>
      {address.user_name && <p className="mt-1 font-medium text-slate-900">{address.user_name}</p>}
      <p className="text-sm break-words text-slate-700">
        {address.new_address}
        {address.area && `, ${address.area}`}
      </p>
      <p className="text-sm text-slate-700">
        {address.city} {address.pincode}
      </p>
    </div>
  );
}
