import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ContactForm } from './contact-form.tsx';

const sendLead = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('../api/content-api.ts', () => ({ sendLead }));

describe('ContactForm', () => {
  it('moves the focus to the first field it refuses', async () => {
    render(<ContactForm />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Asha' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(sendLead).not.toHaveBeenCalled();
  });

  it('gives the focus back to Send message once sent (disabled while sending, it lost it)', async () => {
    let answer = () => {};
    sendLead.mockImplementationOnce(() => new Promise<void>((resolve) => (answer = resolve)));
    render(<ContactForm />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Asha' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'asha@example.com' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '9820012345' } });
    const send = screen.getByRole('button', { name: 'Send message' });
    send.focus();
    fireEvent.click(send);
    const sending = await screen.findByRole('button', { name: 'Sending...' });
    expect(sending).toBeDisabled();
    // What a browser does to a focused button disabled: the focus falls to the body (jsdom
    // keeps it there, and will not blur a disabled element).
    sending.removeAttribute('disabled');
    sending.blur();
    sending.setAttribute('disabled', '');
    expect(document.body).toHaveFocus();
    answer();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send message' })).toHaveFocus());
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });
});
