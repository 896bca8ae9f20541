import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { cartTotals } from '../../lib/checkout-handoff.ts';
import { lowestDeliveryCharge, rupeesToPaise } from '@shop/domain';
import { useAddresses } from '../../features/addresses/api/address-api.ts';
import type { CartDelivery } from '../../features/cart/delivery-estimate.ts';
import { useCart } from '../../features/cart/hooks/use-cart.ts';
import { deliveryBandsQuery, usePaymentSummary } from '../../features/checkout/api/checkout-api.ts';

/**
 * The cart's delivery charge (composed here, since features do not import each
 * other): for a shopper with a default shipping address, the server's own checkout summary of
 * the cart to that address (the figure checkout will show); otherwise "from" the least any
 * address pays under the store's bands (the domain's lowestDeliveryCharge, which reads the
 * bands as checkout does). Courses are never delivered.
 */
export function useCartDelivery(): CartDelivery {
  const { user, lines, isPending } = useCart();
  const goods = lines.filter((l) => !l.course);
  // Asked alongside the cart (not after it): the summary below waits for both.
  const addresses = useAddresses(
    user?.user_id ?? '',
    user !== null && (isPending || goods.length > 0),
  );
  const shipping = addresses.data?.find((a) => a.defaultaddressS) ?? null;
  const checkoutLines = useMemo(
    () =>
      lines.map((l) => ({
        product_id: l.product_id,
        product_sku: l.product_sku,
        quantity: l.quantity,
      })),
    [lines],
  );
  const toAddress = shipping !== null && goods.length > 0;
  const summary = usePaymentSummary(
    {
      lines: checkoutLines,
      couponCode: '',
      shippingAddressId: shipping?.id ?? null,
      paymentMode: 'Pay now',
    },
    toAddress,
  );
  const addressesKnown = user === null || !addresses.isPending || addresses.isError;
  const fromBands = goods.length > 0 && addressesKnown && !toAddress;
  const bands = useQuery({ ...deliveryBandsQuery, enabled: fromBands });

  if (isPending) return { status: 'loading' };
  if (goods.length === 0) return { status: 'none' };
  if (!addressesKnown) return { status: 'loading', addressesPending: true };
  if (toAddress) {
    const data = summary.data;
    if (!data) {
      return summary.isError
        ? { status: 'none' }
        : { status: 'loading', pincode: shipping.pincode };
    }
    if (!data.orderable && data.field === 'shipping_address') {
      return { status: 'unavailable', reason: data.reason ?? 'Not delivered to your address.' };
    }
    return {
      status: 'to-address',
      chargePaise: rupeesToPaise(data.deliveryCharge),
      totalPaise: rupeesToPaise(data.totalAmountbeforePay),
      pincode: shipping.pincode,
    };
  }
  if (!bands.data) return bands.isError ? { status: 'none' } : { status: 'loading' };
  const fromPaise = lowestDeliveryCharge({
    saleTotalPaise: cartTotals(lines).afterDiscountPaise,
    ...bands.data,
  });
  return fromPaise === null ? { status: 'none' } : { status: 'from', fromPaise };
}
