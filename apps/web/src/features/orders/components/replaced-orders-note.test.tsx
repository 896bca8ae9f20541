import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReplacedOrdersNote } from './replaced-orders-note.tsx';

describe('the note of the orders a newer order replaced (issue 59 item 8)', () => {
  it('names the cancelled order and what became of it', () => {
    render(<ReplacedOrdersNote order={{ replaced_orders: ['UR-10005'] }} />);
    const note = screen.getByTestId('replaced-orders-note');
    expect(note.textContent).toContain('Your earlier order was replaced');
    expect(note.textContent).toContain('This order replaces your unpaid order UR-10005');
    expect(note.textContent).toContain('refunded in full');
  });

  it('lists several', () => {
    render(<ReplacedOrdersNote order={{ replaced_orders: ['UR-1', 'UR-2', 'UR-3'] }} />);
    expect(screen.getByTestId('replaced-orders-note').textContent).toContain(
      'unpaid orders UR-1, UR-2 and UR-3 of the same',
    );
  });

  it('says nothing for an order that replaced none', () => {
    const { container } = render(<ReplacedOrdersNote order={{ replaced_orders: [] }} />);
    expect(container.textContent).toBe('');
  });
});
