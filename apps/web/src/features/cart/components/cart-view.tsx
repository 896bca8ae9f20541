import { itemCount as formatItemCount } from '../../../lib/format.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatInr, goodsDeliveryRange, type CartMode } from '@shop/domain';
import type { PayButtonId } from '@shop/domain';
import type { CartLine, PayButton } from '@shop/contracts';
import {
  StickyTotalBar,
  useStickyBarShown,
} from '../../../components/checkout/sticky-total-bar.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDateRange } from '../../../lib/format.ts';
import { PayModeChoice } from '../../../components/payment/pay-mode-choice.tsx';
import { cartTotals } from '../../../lib/checkout-handoff.ts';
import { useCart } from '../hooks/use-cart.ts';
import { useCartActions } from '../hooks/use-cart-actions.ts';
import type { CartDelivery } from '../delivery-estimate.ts';
import { CartLineItem } from './cart-line-item.tsx';
import { DeliveryFigure, deliveryNote } from './cart-delivery-figure.tsx';
import { CartSkeleton } from './cart-skeleton.tsx';
import { restoreLine } from './restore-line.ts';
import { RemovedLine, type Removed } from './removed-line.tsx';

/**
 * The cart page (catalogue-and-cart §2): the lines with quantity and removal, totals before and
 * after discount, the delivery charge (`delivery`: for the default shipping address, or "from"
 * the cheapest band; worked out by the route), the estimated delivery date, and either the
 * pay-mode choice with Proceed to Checkout (on phones in a sticky bar with the total) or, in a
 * Get Quote store, the quote form (`quoteForm`: the quotes feature's, given by the route, since
 * features do not import each other). The pay modes (`payModes`) are the ones checkout offers,
 * from the route too. A skeleton, never "₹0", while the cart loads.
 */
export function CartView({
  mode,
  quoteForm,
  delivery = { status: 'none' },
  payModes,
}: {
  mode: CartMode | undefined;
  quoteForm: (lines: readonly CartLine[], onSent: () => Promise<void>) => ReactNode;
  delivery?: CartDelivery;
  /** The pay buttons checkout offers (undefined while they load) and the one chosen. */
  payModes: {
    buttons: readonly PayButton[] | undefined;
    value: PayButtonId | null;
    onChange: (mode: PayButtonId) => void;
  };
}) {
  const { lines, isPending } = useCart();
  const actions = useCartActions();
  // A quote was just sent: the cart was emptied, and the page says the request is on its way.
  const [quoteSent, setQuoteSent] = useState(false);
  const onQuoteSent = async () => {
    await actions.clear(lines);
    setQuoteSent(true);
  };
  const totals = cartTotals(lines);
  // From the goods alone: a course is not delivered (issue 59 item 5).
  const range = goodsDeliveryRange(lines, new Date());
  const discountPaise = totals.beforeDiscountPaise - totals.afterDiscountPaise;
  const itemCount = lines.reduce((n, l) => n + l.quantity, 0);
  // The page appears whole: the lines, the store's cart mode and its payment buttons, and which
  // delivery rows there are (their figures may still load, in rows that do not move).
  const ready =
    !isPending &&
    mode !== undefined &&
    (mode === 'getquote' || payModes.buttons !== undefined) &&
    !(delivery.status === 'loading' && delivery.addressesPending);
  // Remove takes the line out at once and leaves an Undo in its place for UNDO_MS (issue 59
  // item 7). The focus never falls to the page's body: it goes to that Undo, and when the Undo
  // goes, to the Remove of the line now in its place (or the one before it), or to the heading
  // when the cart is empty; after an Undo, to the restored line's Remove.
  const queryClient = useQueryClient();
  const listRef = useRef<HTMLUListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const undoRef = useRef<HTMLButtonElement>(null);
  const [removed, setRemoved] = useState<Removed | null>(null);
  const [focusTo, setFocusTo] = useState<
    { to: 'undo' } | { to: 'index'; index: number } | { to: 'sku'; sku: string } | null
  >(null);
  useEffect(() => {
    if (focusTo === null) return;
    const removes = listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-remove]');
    const target =
      focusTo.to === 'undo'
        ? undoRef.current
        : focusTo.to === 'index'
          ? removes?.[Math.min(focusTo.index, removes.length - 1)]
          : listRef.current?.querySelector<HTMLButtonElement>(
              `[data-sku="${CSS.escape(focusTo.sku)}"] button[data-remove]`,
            );
    (target ?? headingRef.current)?.focus();
    setFocusTo(null);
  }, [lines, removed, focusTo]);
  const remove = (line: CartLine, index: number) => {
    setRemoved({ line, index });
    void actions.remove(line.product_sku).then(() => setFocusTo({ to: 'undo' }));
  };
  const undoGone = (hadFocus: boolean) => {
    const index = removed?.index ?? 0;
    setRemoved(null);
    if (hadFocus) setFocusTo({ to: 'index', index });
  };
  const undo = async (gone: Removed) => {
    const back = await restoreLine(queryClient, gone.line, gone.index);
    setRemoved(null);
    setFocusTo(
      back ? { to: 'sku', sku: gone.line.product_sku } : { to: 'index', index: gone.index },
    );
  };
  const undoRow = removed && (
    <RemovedLine
      key={`removed-${removed.line.product_sku}`}
      removed={removed}
      undoRef={undoRef}
      onUndo={undo}
      onGone={undoGone}
    />
  );
  const rows = lines.map((line, index) => (
    <CartLineItem
      key={line.product_sku}
      line={line}
      eager={index === 0}
      onQuantity={(q) => void actions.setQuantity(line.product_sku, q)}
      onRemove={() => remove(line, index)}
    />
  ));
  if (undoRow) rows.splice(Math.min(removed.index, rows.length), 0, undoRow);
  const empty = lines.length === 0;
  const barShown = useStickyBarShown();
  // The bar carries the total and Proceed to Checkout on phones, when there is something to buy.
  const barInUse = barShown && mode !== 'getquote' && lines.length > 0;
  const withDelivery = delivery.status === 'to-address' ? delivery.totalPaise : null;
  const toPincode =
    delivery.status === 'to-address' || delivery.status === 'loading'
      ? delivery.pincode
      : undefined;
  const checkoutButton = (className: string) => (
    <Button className={`min-h-11 ${className}`} onClick={() => actions.checkout(lines)}>
      Proceed to Checkout
    </Button>
  );

  return (
    <section className="mx-auto max-w-6xl px-4 py-6" aria-labelledby="cart-heading">
      <h1
        id="cart-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-bold outline-none sm:text-3xl"
      >
        Your Cart
      </h1>
      {!ready ? (
        <CartSkeleton key="loading" />
      ) : (
        <div
          key="ready"
          className={`mt-4 grid grid-cols-1 gap-6 ${empty ? 'max-w-2xl' : 'md:grid-cols-[1fr_20rem]'}`}
        >
          <div>
            {quoteSent && lines.length === 0 ? (
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
            ) : (
              <>
                {rows.length > 0 && (
                  <ul ref={listRef} className="flex flex-col gap-3" aria-label="Cart items">
                    {rows}
                  </ul>
                )}
                {empty && (
                  // An empty cart offers no totals, pay modes or Proceed: only the way back.
                  <div
                    className={`flex flex-col items-start gap-3 rounded-2xl bg-white p-6 ring-1 ring-slate-200 ${
                      rows.length > 0 ? 'mt-3' : ''
                    }`}
                    data-testid="cart-empty"
                  >
                    <h2 className="text-lg font-semibold">Your cart is empty</h2>
                    <p className="text-slate-700">There is nothing in your cart yet.</p>
                    <Link to="/products" className={buttonClass('primary', 'px-5')}>
                      Continue shopping
                    </Link>
                  </div>
                )}
              </>
            )}
          </div>
          {!empty && (
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
                {delivery.status !== 'none' && lines.length > 0 && (
                  <>
                    <dt>
                      Delivery
                      {toPincode && <span className="text-slate-700"> (to {toPincode})</span>}
                    </dt>
                    <dd className="text-right" data-testid="cart-delivery-charge">
                      <DeliveryFigure delivery={delivery} />
                    </dd>
                  </>
                )}
                {toPincode && lines.length > 0 && (
                  <>
                    <dt className="text-base font-bold">Total with delivery</dt>
                    <dd
                      className="text-right text-base font-bold"
                      data-testid="cart-total-delivered"
                    >
                      {withDelivery === null ? (
                        <Skeleton className="ml-auto h-4 w-16" />
                      ) : (
                        formatInr(withDelivery)
                      )}
                    </dd>
                  </>
                )}
              </dl>
              {delivery.status === 'from' && lines.length > 0 && (
                <p className="-mt-2 text-xs text-slate-700">
                  The charge depends on the distance to your address; checkout shows it exactly.
                </p>
              )}
              {delivery.status === 'unavailable' && lines.length > 0 && (
                <p className="-mt-2 text-xs text-slate-700">{delivery.reason}</p>
              )}
              {range && (
                <p className="text-sm text-slate-800" data-testid="cart-delivery">
                  Estimated delivery: {formatDateRange(range.from, range.to)}
                </p>
              )}
              {mode === 'getquote' ? (
                quoteForm(lines, onQuoteSent)
              ) : (
                <>
                  {payModes.buttons && (
                    <PayModeChoice
                      buttons={payModes.buttons}
                      value={payModes.value}
                      onChange={payModes.onChange}
                    />
                  )}
                  {/* On phones the sticky bar carries it. */}
                  {!barInUse && checkoutButton('w-full')}
                </>
              )}
            </aside>
          )}
        </div>
      )}
      {ready && barInUse && (
        <StickyTotalBar
          label="Total"
          total={formatInr(withDelivery ?? totals.afterDiscountPaise)}
          note={deliveryNote(delivery)}
        >
          {checkoutButton('px-4 text-base')}
        </StickyTotalBar>
      )}
      {barShown && !ready && (
        <StickyTotalBar label="Total" total={null}>
          <Button className="min-h-11 px-4 text-base" disabled>
            Proceed to Checkout
          </Button>
        </StickyTotalBar>
      )}
    </section>
  );
}
