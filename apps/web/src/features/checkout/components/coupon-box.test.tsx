import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CouponBox } from './coupon-box.tsx';

vi.mock('../api/checkout-api.ts', () => ({
  checkCoupon: (code: string) =>
    Promise.resolve({
      isError: false,
      message: 'Coupon applied',
      couponData: { coupon_code: code },
    }),
}));

/** The box as checkout holds it: the applied code in the page's state. */
function Checkout() {
  const [applied, setApplied] = useState('');
  return (
    <CouponBox
      applied={applied}
      problem={undefined}
      saleTotal={1299}
      onApply={setApplied}
      onRemove={() => setApplied('')}
    />
  );
}

describe('CouponBox', () => {
  it('moves the focus to Remove coupon once applied, and back to the code once removed', async () => {
    render(<Checkout />);
    fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: 'ROLL10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const remove = await screen.findByRole('button', { name: 'Remove coupon' });
    await waitFor(() => expect(remove).toHaveFocus());
    fireEvent.click(remove);
    await waitFor(() => expect(screen.getByLabelText('Coupon code')).toHaveFocus());
  });
});
