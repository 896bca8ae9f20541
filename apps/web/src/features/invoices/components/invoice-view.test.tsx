import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InvoiceDocumentAnswer } from '@shop/contracts';
import { InvoiceView } from './invoice-view.tsx';

const address = {
  name: 'Asha Rao',
  lines: ['14 Hill Road', 'Bandra West', 'Mumbai'],
  pincode: '400050',
};
const invoice = (intraState: boolean): InvoiceDocumentAnswer => ({
  kind: 'invoice',
  title: 'Tax Invoice',
  number: 'INV/2627/000042',
  date: '23-11-2026',
  against_invoice: null,
  order_reference: 'rcpt_1',
  order_date: '22-11-2026',
  supplier: {
    legal_name: 'Urban Roll Sports LLP',
    address: 'Andheri West, Mumbai 400058',
    gstin: '27AAHFU4821R1ZH',
    state: 'Maharashtra',
    state_code: '27',
  },
  recipient: {
    name: 'Asha Rao',
    gstin: intraState ? '' : '29AAACR5055K1Z5',
    billing: address,
    shipping: address,
  },
  place_of_supply: intraState
    ? { state: 'Maharashtra', code: '27' }
    : { state: 'Karnataka', code: '29' },
  intra_state: intraState,
  lines: [
    {
      position: 1,
      description: 'Crew Neck Tee',
      hsn_code: '6109',
      quantity: 2,
      unit: 'NOS',
      taxable_value: 1234.57,
      rate: 5,
      cgst: intraState ? 30.86 : 0,
      sgst: intraState ? 30.87 : 0,
      igst: intraState ? 0 : 61.73,
      total: 1296.3,
    },
  ],
  totals: {
    amountafterdiscount: 1296.3,
    taxable_value: 1234.57,
    cgst: intraState ? 30.86 : 0,
    sgst: intraState ? 30.87 : 0,
    igst: intraState ? 0 : 61.73,
    tax: 61.73,
    total: 1296.3,
  },
  amount_in_words: 'Rupees One Thousand Two Hundred Ninety Six and Thirty Paise Only',
  reverse_charge: 'Tax is not payable on reverse charge',
});

describe('InvoiceView', () => {
  it('shows CGST and SGST inside the state, with paise and Indian grouping', () => {
    render(<InvoiceView invoice={invoice(true)} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Tax Invoice' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Invoice lines' });
    expect(within(table).getByRole('columnheader', { name: 'CGST' })).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'IGST' })).toBeNull();
    expect(within(table).getAllByText('₹1,234.57')).toHaveLength(1);
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('₹1,296.30');
    expect(screen.getByTestId('invoice-place-of-supply')).toHaveTextContent('Maharashtra (27)');
    expect(screen.getByText(/Tax is not payable on reverse charge/)).toBeInTheDocument();
  });

  it('shows IGST and the customer GSTIN for another state', () => {
    render(<InvoiceView invoice={invoice(false)} />);
    const table = screen.getByRole('table', { name: 'Invoice lines' });
    expect(within(table).getByRole('columnheader', { name: 'IGST' })).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'CGST' })).toBeNull();
    expect(screen.getAllByText('GSTIN: 29AAACR5055K1Z5')).toHaveLength(1);
    expect(screen.getByTestId('invoice-place-of-supply')).toHaveTextContent('Karnataka (29)');
  });
});
