import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  MESSAGES,
  PUBLIC_FORM_MESSAGES as M,
  isValidEmail,
  messageCounter,
  validateMobile,
} from '@shop/domain';
import { PrivacyNotice } from '../../../components/privacy/privacy-notice.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { fieldClass, TextField } from '../../../components/ui/text-field.tsx';
import { STORE_ID } from '../../../lib/api-client.ts';
import { ServerError } from '../../../lib/api-request.ts';
import { useUser } from '../../../lib/use-session.ts';
import { sendLead } from '../api/content-api.ts';
import { HoneypotField } from './honeypot-field.tsx';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts';

interface Errors {
  name?: string;
  email?: string;
  mobile?: string;
}

/**
 * The contact page's Get In Touch form (accounts-checkout-payments §2, §5, §8): name, email and
 * phone required, a message of at most 500 characters with a counter that turns red at 500.
 * Success toasts "Thank you for contacting!" and clears the form; a failure toasts "Something
 * went wrong. Please try again." (a rate limit says when to try again).
 */
export function ContactForm() {
  const user = useUser();
  const [name, setName] = useState(user?.full_name || user?.name || '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [mobile, setMobile] = useState(user?.mobile ?? '');
  const [message, setMessage] = useState('');
  const [trap, setTrap] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formRef, focusFirstInvalid] = useFocusFirstInvalid();
  const [sending, setSending] = useState(false);
  const counter = messageCounter(message.length);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = validateMobile(mobile);
    const next: Errors = {};
    if (!name.trim()) next.name = M.nameRequired;
    if (!email.trim()) next.email = M.emailRequired;
    else if (!isValidEmail(email)) next.email = MESSAGES.invalidEmailReset;
    if (!mobile.trim()) next.mobile = M.phoneRequired;
    else if (!checked.ok) next.mobile = checked.message;
    setErrors(next);
    if (next.name || next.email || next.mobile || !checked.ok) {
      focusFirstInvalid();
      return;
    }
    setSending(true);
    try {
      await sendLead({
        name: name.trim(),
        email: email.trim(),
        mobile: checked.mobile,
        remark: message.trim(),
        user_id: user?.user_id ?? '',
        user_name: user ? user.name || user.full_name : '',
        property_id: STORE_ID,
        website: trap,
      });
      toast.success(M.contactSent);
      setName('');
      setEmail('');
      setMobile('');
      setMessage('');
      setErrors({});
    } catch (error) {
      toast.error(
        error instanceof ServerError && error.status === 429 ? error.message : M.contactFailed,
      );
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(e) => void submit(e)}
      className="relative flex flex-col gap-3"
      aria-labelledby="contact-heading"
    >
      <h2 id="contact-heading" className="text-xl font-bold">
        Get In Touch
      </h2>
      <TextField
        label="Name"
        autoComplete="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
      />
      <TextField
        label="Phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={mobile}
        onChange={(e) => setMobile(e.target.value)}
        error={errors.mobile}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor="contact-message" className="text-sm font-semibold text-slate-800">
          Message
        </label>
        <textarea
          id="contact-message"
          rows={5}
          maxLength={CONTACT_MESSAGE_MAX_LENGTH}
          aria-describedby="contact-message-count"
          className={`${fieldClass} py-2`}
          value={message}
          onChange={(e) => setMessage(e.target.value.slice(0, CONTACT_MESSAGE_MAX_LENGTH))}
        />
        <p
          id="contact-message-count"
          data-at-limit={counter.atLimit}
          className={`self-end text-sm ${counter.atLimit ? 'font-semibold text-red-700' : 'text-slate-700'}`}
        >
          <span className="sr-only">Characters used: </span>
          {counter.text}
        </p>
      </div>
      <HoneypotField value={trap} onChange={setTrap} />
      <PrivacyNotice form="contact" />
      <SubmitButton busy={sending} busyLabel="Sending...">
        Send message
      </SubmitButton>
    </form>
  );
}
