import { itemCount as formatItemCount } from '../../../lib/format.ts';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { defaultPayMode, estimatedDeliveryRange, formatInr, type CartMode } from '@shop/domain';
import type { PayButtonId } from '@shop/domain';
import type { CartLine } from '@shop/contracts';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { formatDateRange } from '../../../lib/format.ts';
import { PayModeChoice } from '../../../components/payment/pay-mode-choice.tsx';
import { cartTotals } from '../../../lib/checkout-handoff.ts';
import { usePayButtons } from '../../../lib/store-queries.ts';
import { useCart } from '../hooks/use-cart.ts';
import { useCartActions } from '../hooks/use-cart-actions.ts';
import { CartLineItem } from './cart-line-item.tsx';

/**
 * The cart page (catalogue-and-cart §2): the lines with quantity and removal, totals before and
 * after discount, the estimated delivery, and either the pay-mode choice with Proceed to
 * Checkout or, in a Get Quote store, the quote form (`quoteForm`: the quotes feature's, given by
 * the route, since features do not import each other).
 */
export function CartView({
  mode,
  quoteForm,
}: {
  mode: CartMode | undefined;
  quoteForm: (lines: readonly CartLine[], onSent: () => Promise<void>) => ReactNode;
}) {
  const { lines, isPending } = useCart();
  const actions = useCartActions();
  const { data: payButtons } = usePayButtons();
  const [chosenPayMode, setPayMode] = useState<PayButtonId | null>(null);
  // A quote was just sent: the cart was emptied, and the page says the request is on its way.
  const [quoteSent, setQuoteSent] = useState(false);
  const onQuoteSent = async () => {
    await actions.clear(lines);
    setQuoteSent(true);
  };
  const payMode = chosenPayMode ?? (payButtons ? defaultPayMode(payButtons) : null);
  const totals = cartTotals(lines);
  const range = estimatedDeliveryRange(
    lines.map((l) => l.delivery_days),
    new Date(),
  );
  const discountPaise = totals.beforeDiscountPaise - totals.afterDiscountPaise;
  const itemCount = lines.reduce((n, l) => n + l.quantity, 0);

  return (
    <section className="mx-auto max-w-6xl px-4 py-6" aria-labelledby="cart-heading">
      <h1 id="cart-heading" className="text-2xl font-bold sm:text-3xl">
        Your Cart
      </h1>
      <div className="mt-4 grid grid-cols-1 gap-6 md:grid-cols-[1fr_20rem]">
        <div>
          {isPending ? (
            <p>Loading cart...</p>
          ) : quoteSent && lines.length === 0 ? (
            <div
              className="flex flex-col items-start gap-3 rounded-2xl bg-white p-6 ring-1 ring-green-700"
              role="status"
              data-testid="quote-sent"
            >
              <h2 className="text-lg font-bold text-green-900">Quote request sent</h2>
              <p>Request sent. Our team will contact you shortly.</p>
              <Link to="/products" className={buttonClass('primary', 'min-h-11 px-5')}>
                Continue shopping
              </Link>
            </div>
          ) : lines.length === 0 ? (
            <div className="flex flex-col items-start gap-3 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
              <p className="text-lg font-semibold">There is nothing in your cart yet.</p>
              <Link to="/products" className={buttonClass('primary', 'px-5')}>
                Browse products
              </Link>
            </div>
          ) : (
            <ul className="flex flex-col gap-3" aria-label="Cart items">
              {lines.map((line, index) => (
                <CartLineItem
                  key={line.product_sku}
                  line={line}
                  eager={index === 0}
                  onQuantity={(q) => void actions.setQuantity(line.product_sku, q)}
                  onRemove={() => void actions.remove(line.product_sku)}
                />
              ))}
            </ul>
          )}
        </div>
        {!(quoteSent && lines.length === 0) && (
          <aside
            className="flex h-fit flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
            aria-label="Order summary"
          >
            <dl className="grid grid-cols-[1fr_auto] gap-y-2 text-sm" data-testid="cart-totals">
              <dt>Total before discount ({formatItemCount(itemCount)})</dt>
              <dd className="text-right">{formatInr(totals.beforeDiscountPaise)}</dd>
              {discountPaise > 0 && (
                <>
                  <dt>Discount</dt>
                  <dd className="text-right">−{formatInr(discountPaise)}</dd>
                </>
              )}
              <dt className="text-base font-bold">Total after discount</dt>
              <dd className="text-right text-base font-bold">
                {formatInr(totals.afterDiscountPaise)}
              </dd>
            </dl>
            {range && (
              <p className="text-sm text-slate-800" data-testid="cart-delivery">
                Estimated delivery: {formatDateRange(range.from, range.to)}
              </p>
            )}
            {mode === 'getquote' ? (
              quoteForm(lines, onQuoteSent)
            ) : (
              <>
                {payButtons && (
                  <PayModeChoice buttons={payButtons} value={payMode} onChange={setPayMode} />
                )}
                <Button className="min-h-11 w-full" onClick={() => actions.checkout(lines)}>
                  Proceed to Checkout
                </Button>
              </>
            )}
          </aside>
        )}
      </div>
    </section>
  );
}
