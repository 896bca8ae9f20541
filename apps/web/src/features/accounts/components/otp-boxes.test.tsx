import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OtpBoxes, emptyOtp } from './otp-boxes.tsx';

function Harness() {
  const [boxes, setBoxes] = useState(emptyOtp);
  return (
    <>
      <OtpBoxes value={boxes} onChange={setBoxes} />
      <output>{boxes.join('')}</output>
    </>
  );
}

const box = (n: number) => screen.getByLabelText(`Digit ${n} of 6`);

describe('OtpBoxes', () => {
  it('takes one digit per box and moves focus forward', () => {
    render(<Harness />);
    box(1).focus();
    fireEvent.change(box(1), { target: { value: '4' } });
    expect(box(2)).toHaveFocus();
    fireEvent.change(box(2), { target: { value: 'x' } });
    expect(box(2)).toHaveValue('');
    expect(box(2)).toHaveFocus();
    fireEvent.change(box(2), { target: { value: '2' } });
    expect(box(3)).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('42');
  });

  it('fills all six boxes from a paste', () => {
    render(<Harness />);
    fireEvent.paste(box(1), { clipboardData: { getData: () => '123 456' } });
    expect(screen.getByRole('status')).toHaveTextContent('123456');
    expect(box(6)).toHaveFocus();
  });

  it('moves back on Backspace in an empty box', () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: '7' } });
    expect(box(2)).toHaveFocus();
    fireEvent.keyDown(box(2), { key: 'Backspace' });
    expect(box(1)).toHaveFocus();
    expect(box(1)).toHaveValue('7');
  });

  it('replaces a box digit when another is typed after it', () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: '7' } });
    fireEvent.change(box(1), { target: { value: '78' } });
    expect(box(1)).toHaveValue('8');
  });
});
