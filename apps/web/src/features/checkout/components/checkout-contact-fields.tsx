import { MOBILE_INPUT_MAX_LENGTH, validateMobile } from '@shop/domain';
import { TextField } from '../../../components/ui/text-field.tsx';
import type { ContactErrors } from '../hooks/use-checkout-submit.ts';
import { PrivacyNotice } from '../../../components/privacy/privacy-notice.tsx';

/** Checkout's contact boxes: the mobile number (tidied when valid) and an optional GST number. */
export function CheckoutContactFields({
  mobile,
  gst,
  errors,
  onMobile,
  onGst,
  onClearError,
}: {
  mobile: string;
  gst: string;
  errors: ContactErrors;
  onMobile: (mobile: string) => void;
  onGst: (gst: string) => void;
  /** The shopper is changing a box: its message goes. */
  onClearError: (field: keyof ContactErrors) => void;
}) {
  return (
    <section aria-labelledby="contact-heading" className="flex flex-col gap-3">
      <h2 id="contact-heading" className="text-lg font-bold text-slate-900">
        Contact
      </h2>
      <TextField
        label="Mobile number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={MOBILE_INPUT_MAX_LENGTH}
        value={mobile}
        error={errors.mobile}
        onChange={(e) => {
          onMobile(e.target.value);
          onClearError('mobile');
        }}
        onBlur={() => {
          const phone = validateMobile(mobile);
          if (phone.ok) onMobile(phone.mobile);
        }}
      />
      <TextField
        label="GST number (optional)"
        autoCapitalize="characters"
        autoComplete="off"
        maxLength={15}
        value={gst}
        error={errors.gst}
        className="uppercase"
        onChange={(e) => {
          onGst(e.target.value.toUpperCase());
          onClearError('gst');
        }}
      />
      <PrivacyNotice form="checkout" />
    </section>
  );
}
