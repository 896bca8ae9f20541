interface QuantityStepperProps {
  value: number;
  onChange: (quantity: number) => void;
  /** The group's accessible name, e.g. "Quantity of Classic Tee". */
  label?: string;
  labelledBy?: string;
  min?: number;
  max?: number;
  testId?: string;
}

/**
 * − quantity + between min (1) and max. Pressing − at the minimum does nothing; + is disabled at
 * the maximum, so the cap (the stock) can be seen.
 */
export function QuantityStepper({
  value,
  onChange,
  label,
  labelledBy,
  min = 1,
  max = Number.POSITIVE_INFINITY,
  testId,
}: QuantityStepperProps) {
  return (
    <div
      className="flex w-fit items-center rounded-lg ring-1 ring-slate-300"
      role="group"
      aria-label={label}
      aria-labelledby={labelledBy}
    >
      <button
        type="button"
        className="size-tap text-lg disabled:text-slate-400"
        aria-label="Decrease quantity"
        onClick={() => value > min && onChange(Math.max(min, value - 1))}
      >
        −
      </button>
      <output aria-live="polite" className="w-11 text-center font-semibold" data-testid={testId}>
        {value}
      </output>
      <button
        type="button"
        className="size-tap text-lg disabled:text-slate-400"
        aria-label="Increase quantity"
        disabled={value >= max}
        onClick={() => value < max && onChange(Math.min(max, value + 1))}
      >
        +
      </button>
    </div>
  );
}
