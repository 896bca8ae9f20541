import { formatInr } from '@shop/domain';

interface PriceProps {
  pricePaise: number;
  originalPaise?: number | null;
  percentOff?: number | null;
  size?: 'md' | 'lg';
}

/** Price, struck original and "N% OFF" badge (the last two only for a real discount). */
export function Price({ pricePaise, originalPaise, percentOff, size = 'md' }: PriceProps) {
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className={size === 'lg' ? 'text-2xl font-bold' : 'text-base font-bold'}>
        {formatInr(pricePaise)}
      </span>
      {originalPaise != null && (
        <s className="text-sm text-slate-600">
          <span className="sr-only">was </span>
          {formatInr(originalPaise)}
        </s>
      )}
      {percentOff != null && (
        <span className="rounded bg-orange-100 px-1.5 text-xs font-semibold text-orange-900">
          {percentOff}% OFF
        </span>
      )}
    </p>
  );
}
