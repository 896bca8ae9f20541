import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import {
  ENQUIRY_MESSAGE_MAX_LENGTH,
  MESSAGES,
  PUBLIC_FORM_MESSAGES as M,
  isValidEmail,
  validateMobile,
} from '@shop/domain';
import { PrivacyNotice } from '../../../components/privacy/privacy-notice.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextAreaField, TextField } from '../../../components/ui/text-field.tsx';
import { STORE_ID } from '../../../lib/api-client.ts';
import { logError } from '../../../lib/log-error.ts';
import { sendInquiry } from '../api/content-api.ts';
import { HoneypotField } from './honeypot-field.tsx';

interface Errors {
  name?: string;
  mobile?: string;
  email?: string;
}

/**
 * The enquiry form (accounts-checkout-payments §2, §5, §8): name, mobile and email required,
 * a message, sent as the spec's body (§3, §7: the email as `school`). Success toasts "Enquiry Sent" and clears the form; a failure is silent (logged).
 */
export function EnquiryForm() {
  const [name, setName] = useState('');
  const [mobile, setMobile] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [trap, setTrap] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = validateMobile(mobile);
    const next: Errors = {};
    if (!name.trim()) next.name = M.nameRequired;
    if (!mobile.trim()) next.mobile = M.phoneRequired;
    else if (!checked.ok) next.mobile = checked.message;
    if (!email.trim()) next.email = M.emailRequired;
    else if (!isValidEmail(email)) next.email = MESSAGES.invalidEmailReset;
    setErrors(next);
    if (next.name || next.mobile || next.email || !checked.ok) return;
    setSending(true);
    try {
      // The spec's enquiry body: the email field feeds `school`; the screen does not ask the
      // parent's name, date of birth or age, so they go empty.
      await sendInquiry({
        name: name.trim(),
        mobile: checked.mobile,
        parent_name: '',
        school: email.trim(),
        dob: '',
        age: '',
        remark: message.trim(),
        main_id: STORE_ID,
        website: trap,
      });
      toast.success(M.enquirySent);
      setName('');
      setMobile('');
      setEmail('');
      setMessage('');
    } catch (error) {
      logError('Enquiry failed', error);
    } finally {
      setSending(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="relative flex flex-col gap-3">
      <TextField
        label="Name"
        autoComplete="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
      />
      <TextField
        label="Mobile"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={mobile}
        onChange={(e) => setMobile(e.target.value)}
        error={errors.mobile}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
      />
      <TextAreaField
        label="Message"
        rows={4}
        maxLength={ENQUIRY_MESSAGE_MAX_LENGTH}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
      />
      <HoneypotField value={trap} onChange={setTrap} />
      <PrivacyNotice form="enquiry" />
      <SubmitButton busy={sending} busyLabel="Sending...">
        Send enquiry
      </SubmitButton>
    </form>
  );
}
