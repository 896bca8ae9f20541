import { useRef } from 'react';
import { OTP_LENGTH, fillOtpBoxes } from '@shop/domain';

export const emptyOtp = (): string[] => Array.from({ length: OTP_LENGTH }, () => '');

interface OtpBoxesProps {
  value: string[];
  onChange: (boxes: string[]) => void;
  /** Shown under the boxes and announced. */
  error?: string | undefined;
  autoFocus?: boolean;
}

/**
 * Six boxes, one digit each: typing moves focus forward, a paste of six digits fills them all,
 * Backspace in an empty box moves back.
 */
export function OtpBoxes({ value, onChange, error, autoFocus = false }: OtpBoxesProps) {
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (i: number) => {
    const el = inputs.current[i];
    el?.focus();
    el?.select();
  };
  const fill = (index: number, typed: string) => {
    const next = fillOtpBoxes(value, index, typed);
    onChange(next.boxes);
    if (typed.replace(/\D/g, '')) focus(next.focus);
  };
  return (
    <fieldset aria-describedby={error ? 'otp-error' : undefined}>
      <legend className="text-sm font-semibold text-slate-800">
        Enter the {OTP_LENGTH}-digit code we emailed you
      </legend>
      <div className="mt-2 flex justify-between gap-1 sm:gap-2">
        {value.map((digit, i) => (
          <input
            key={i}
            ref={(el) => {
              inputs.current[i] = el;
            }}
            aria-label={`Digit ${i + 1} of ${OTP_LENGTH}`}
            aria-invalid={error ? true : undefined}
            inputMode="numeric"
            autoComplete={i === 0 ? 'one-time-code' : 'off'}
            autoFocus={autoFocus && i === 0}
            value={digit}
            onFocus={(e) => e.currentTarget.select()}
            onChange={(e) => {
              const typed = e.currentTarget.value;
              // A digit typed after the box's old one (no selection) replaces it.
              fill(i, digit && typed.length === 2 ? typed.replace(digit, '') : typed);
            }}
            onPaste={(e) => {
              e.preventDefault();
              fill(i, e.clipboardData.getData('text'));
            }}
            onKeyDown={(e) => {
              if (e.key === 'Backspace' && digit === '' && i > 0) {
                e.preventDefault();
                focus(i - 1);
              } else if (e.key === 'ArrowLeft' && i > 0) {
                e.preventDefault();
                focus(i - 1);
              } else if (e.key === 'ArrowRight' && i < value.length - 1) {
                e.preventDefault();
                focus(i + 1);
              }
            }}
            className="aspect-square w-full max-w-12 min-w-0 rounded-lg border border-slate-400 bg-white text-center text-xl font-bold text-slate-900 aria-invalid:border-red-700"
          />
        ))}
      </div>
      {error && (
        <p id="otp-error" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
