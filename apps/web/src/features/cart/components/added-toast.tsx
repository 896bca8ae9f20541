import { Link } from 'react-router';
import { toast } from '../../../lib/toast.ts';

let added = 0;

/**
 * The "Added to cart" toast with a View cart link: the shopper can go to the
 * cart from where their thumb already is. The link closes the toast it sits in. It stays 5000 ms
 * (the spec's longer toast time) to leave time to reach for the link.
 */
export function toastAdded(message: string) {
  const id = `added-to-cart-${++added}`;
  toast.success(message, {
    id,
    duration: 5000,
    action: (
      <Link
        to="/cart"
        onClick={() => toast.dismiss(id)}
        className="tap ml-auto shrink-0 justify-center rounded-lg px-3 text-sm font-semibold text-green-900 underline underline-offset-2"
      >
        View cart
      </Link>
    ),
  });
}
