import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testLine } from '../../../test-cart-fixtures.ts';
import { QuoteForm } from './quote-form.tsx';
import { readQuantity } from './quote-quantities.tsx';

const setQuantity = vi.fn(() => Promise.resolve());

afterEach(() => {
  setQuantity.mockClear();
  sessionStorage.clear();
});

const jersey = testLine('JERSEY-M', { product_name: 'Cricket Jersey', quantity: 1, stock: 200 });

function renderForm(lines = [jersey]) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <QuoteForm lines={lines} onQuantity={setQuantity} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function typeAndLeave(box: HTMLElement, text: string) {
  fireEvent.change(box, { target: { value: text } });
  await act(async () => {
    fireEvent.blur(box);
    await Promise.resolve();
  });
}

function fillContact() {
  fireEvent.change(screen.getByRole('textbox', { name: 'Full Name' }), {
    target: { value: 'Ravi Kumar' },
  });
  fireEvent.change(screen.getByRole('textbox', { name: 'Phone Number' }), {
    target: { value: '9876543210' },
  });
}

async function ask() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Request a quote' }));
    await new Promise((r) => setTimeout(r, 0));
  });
}

describe('readQuantity', () => {
  it.each([
    ['15', 200, 15],
    [' 7 ', 10, 7],
    ['1', 1, 1],
  ])('reads %j (up to %i) as %i', (text, max, quantity) => {
    expect(readQuantity(text, max)).toEqual({ ok: true, quantity });
  });

  it.each([
    ['', 10, 'Type 1 to 10.'],
    ['0', 10, 'Type 1 to 10.'],
    ['11', 10, 'Type 1 to 10.'],
    ['1.5', 10, 'Type 1 to 10.'],
    ['2', 1, 'Only 1 can be asked for.'],
  ])('refuses %j (up to %i): %s', (text, max, message) => {
    expect(readQuantity(text, max)).toEqual({ ok: false, message });
  });
});

describe("the quote form's typed quantities", () => {
  it("takes a typed quantity from the number pad and makes it the cart line's", async () => {
    renderForm();
    const box = screen.getByRole('textbox', { name: 'Quantity of Cricket Jersey' });
    expect(box).toHaveAttribute('inputmode', 'numeric');
    expect(box).toHaveValue('1');
    await typeAndLeave(box, '15');
    expect(setQuantity).toHaveBeenCalledWith('JERSEY-M', 15);
    expect(box).not.toHaveAttribute('aria-invalid');
  });

  it('keeps only digits', () => {
    renderForm();
    const box = screen.getByRole('textbox', { name: 'Quantity of Cricket Jersey' });
    fireEvent.change(box, { target: { value: '1a2-' } });
    expect(box).toHaveValue('12');
  });

  it('says beside the box what to type when the number is out of range, and sends nothing', async () => {
    renderForm([{ ...jersey, stock: 40 }]);
    const box = screen.getByRole('textbox', { name: 'Quantity of Cricket Jersey' });
    await typeAndLeave(box, '400');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Type 1 to 40.');
    expect(setQuantity).not.toHaveBeenCalled();
    fillContact();
    await ask();
    expect(box).toHaveFocus();
    expect(setQuantity).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('quote_draft')).toBeNull();
  });

  it('saves a typed quantity not yet left when the quote is asked for', async () => {
    renderForm();
    fillContact();
    const box = screen.getByRole('textbox', { name: 'Quantity of Cricket Jersey' });
    fireEvent.change(box, { target: { value: '15' } });
    await ask();
    // A guest goes to sign in first, with the cart holding the typed quantity.
    expect(setQuantity).toHaveBeenCalledWith('JERSEY-M', 15);
    expect(sessionStorage.getItem('quote_draft')).not.toBeNull();
  });
});
