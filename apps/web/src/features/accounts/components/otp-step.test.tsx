import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OtpStep } from './otp-step.tsx';

const box = (n: number) => screen.getByLabelText(`Digit ${n} of 6`);

describe('OtpStep', () => {
  it('leaves the focus at the first box when the code is refused, not on the page’s body', async () => {
    // The flow toasts the server's refusal and stays on this step.
    const onVerify = vi.fn(() => Promise.resolve());
    render(
      <OtpStep
        email="asha@example.com"
        onVerify={onVerify}
        onResend={() => Promise.resolve()}
        onChangeEmail={() => {}}
      />,
    );
    fireEvent.paste(box(1), { clipboardData: { getData: () => '123456' } });
    const verify = screen.getByRole('button', { name: 'Verify' });
    verify.focus();
    fireEvent.click(verify);
    expect(onVerify).toHaveBeenCalledWith('123456');
    await waitFor(() => expect(box(1)).toHaveFocus());
  });
});
