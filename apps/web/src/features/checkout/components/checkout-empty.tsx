import { Link } from 'react-router';
import { CHECKOUT_MESSAGES } from '@shop/contracts/messages';
import { buttonClass } from '../../../components/ui/button.tsx';

/** Checkout with nothing to order: a way back to the products. */
export function CheckoutEmpty() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-10" aria-labelledby="checkout-heading">
      <h1 id="checkout-heading" className="text-2xl font-bold">
        Checkout
      </h1>
      <div className="mt-4 flex flex-col items-start gap-3 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
        <p className="text-lg font-semibold" role="status">
          {CHECKOUT_MESSAGES.cartEmpty}
        </p>
        <Link to="/products" className={buttonClass('primary', 'px-5')}>
          Browse products
        </Link>
      </div>
    </section>
  );
}
