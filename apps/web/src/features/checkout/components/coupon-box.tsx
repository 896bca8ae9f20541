import { useEffect, useId, useRef, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { CHECKOUT_MESSAGES } from '@shop/contracts/messages';
import { Button } from '../../../components/ui/button.tsx';
import { fieldClass } from '../../../components/ui/text-field.tsx';
import { ServerError } from '../../../lib/api-request.ts';
import { checkCoupon } from '../api/checkout-api.ts';

interface CouponBoxProps {
  /** The applied code, or '' for none. */
  applied: string;
  /** Why the server's summary did not take the applied coupon, if it did not. */
  problem: string | undefined;
  /** The sale total in rupees, so "minimum not reached" can say how much more to add. */
  saleTotal: number | undefined;
  onApply: (code: string) => void;
  onRemove: () => void;
}

/**
 * Coupon apply and remove (accounts-checkout-payments §5, §8): an empty code says "Please enter
 * a coupon code"; a refused one the server's reason or "Invalid coupon"; no answer "Error
 * checking coupon". The discount itself comes from the server's summary.
 */
export function CouponBox({ applied, problem, saleTotal, onApply, onRemove }: CouponBoxProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const shown = error ?? (applied ? (problem ?? null) : null);
  // Applying or removing swaps the form and the applied coupon: the focus follows to what is
  // shown now (Remove coupon, or the code's field), never lost to the page's body.
  const inputRef = useRef<HTMLInputElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  const [focusSwap, setFocusSwap] = useState(false);
  useEffect(() => {
    if (!focusSwap) return;
    (applied ? removeRef : inputRef).current?.focus();
    setFocusSwap(false);
  }, [applied, focusSwap]);

  const apply = async () => {
    const wanted = code.trim();
    if (!wanted) {
      setError(CHECKOUT_MESSAGES.enterCoupon);
      return;
    }
    setChecking(true);
    setError(null);
    try {
      const res = await checkCoupon(wanted, saleTotal);
      if (!res.couponData || res.isError) {
        setError(res.message || CHECKOUT_MESSAGES.invalidCoupon);
        return;
      }
      onApply(res.couponData.coupon_code || wanted);
      setCode('');
      setFocusSwap(true);
      toast.success(res.message || CHECKOUT_MESSAGES.couponApplied);
    } catch (e) {
      setError(
        e instanceof ServerError
          ? (e.serverMessage ?? CHECKOUT_MESSAGES.invalidCoupon)
          : 'Error checking coupon',
      );
    } finally {
      setChecking(false);
    }
  };

  return (
    <section aria-labelledby={`${inputId}-heading`} className="flex flex-col gap-2">
      <h2 id={`${inputId}-heading`} className="text-lg font-bold text-slate-900">
        Coupon
      </h2>
      {applied ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-green-50 p-3 ring-1 ring-green-200">
          <p className="text-sm text-green-900">
            Coupon <strong data-testid="applied-coupon">{applied}</strong> applied
          </p>
          <Button
            ref={removeRef}
            variant="secondary"
            onClick={() => {
              setError(null);
              setFocusSwap(true);
              onRemove();
            }}
          >
            Remove coupon
          </Button>
        </div>
      ) : (
        <form
          noValidate
          className="flex flex-col gap-1"
          onSubmit={(e) => {
            e.preventDefault();
            void apply();
          }}
        >
          <label htmlFor={inputId} className="text-sm font-semibold text-slate-800">
            Coupon code
          </label>
          <div className="flex gap-2">
            <input
              ref={inputRef}
              id={inputId}
              value={code}
              onChange={(e) => {
                setCode(e.target.value);
                setError(null);
              }}
              autoCapitalize="characters"
              autoComplete="off"
              maxLength={40}
              aria-invalid={shown ? true : undefined}
              aria-describedby={shown ? errorId : undefined}
              className={`${fieldClass} min-w-0 flex-1 uppercase`}
            />
            <Button type="submit" variant="secondary" className="min-h-11" disabled={checking}>
              {checking ? 'Checking...' : 'Apply'}
            </Button>
          </div>
        </form>
      )}
      {shown && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {shown}
        </p>
      )}
    </section>
  );
}
