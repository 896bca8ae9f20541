import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import type { CartLine, QuoteResponse } from '@shop/contracts';
import { QUOTE_MESSAGES } from '@shop/contracts/messages';
import { quoteChatMessage, rupeesToPaise, validateMobile, whatsappChatUrl } from '@shop/domain';
import { PrivacyNotice } from '../../../components/privacy/privacy-notice.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextAreaField, TextField } from '../../../components/ui/text-field.tsx';
import { STORE_ID } from '../../../lib/api-client.ts';
import { readCheckoutData } from '../../../lib/checkout-handoff.ts';
import { rememberReturnPage } from '../../../lib/session.ts';
import { useUser } from '../../../lib/use-session.ts';
import { helpQuery } from '../../../lib/store-queries.ts';
import { requestQuote } from '../api/quotes-api.ts';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts';
import { QuoteQuantities, quoteLineMax, readQuantity } from './quote-quantities.tsx';

/** What a guest typed, kept for the detour through /login (sessionStorage). */
const DRAFT_KEY = 'quote_draft';
interface Draft {
  name: string;
  mobile: string;
  email: string;
  description: string;
  coupon: string;
}

/** The coupon the cart's checkout data holds as applied, if any. */
function appliedCoupon(): string {
  const data = readCheckoutData();
  return data?.isCouponApplied && typeof data.coupon === 'string' ? data.coupon : '';
}

function takeDraft(): Partial<Draft> {
  const text = sessionStorage.getItem(DRAFT_KEY);
  sessionStorage.removeItem(DRAFT_KEY);
  let draft: unknown;
  try {
    draft = text ? JSON.parse(text) : {};
  } catch {
    return {};
  }
  if (!draft || typeof draft !== 'object') return {};
  // Only the text fields, and only as text: the draft is the browser's, not trusted.
  return Object.fromEntries(
    Object.entries(draft).filter(
      ([key, value]) =>
        ['name', 'mobile', 'email', 'description', 'coupon'].includes(key) &&
        typeof value === 'string',
    ),
  );
}

interface Errors {
  name?: string;
  mobile?: string;
}

/** The chat text of a quote, from the server's priced answer; image URLs made absolute. */
export function quoteChatText(answer: QuoteResponse['data'], origin: string): string {
  return quoteChatMessage({
    name: answer.name,
    mobile: answer.mobile,
    email: answer.email,
    notes: answer.description,
    products: answer.cart_products.map((p) => ({
      title: p.product_name,
      sku: p.product_sku,
      quantity: p.quantity,
      pricePaise: rupeesToPaise(p.product_price),
      salePricePaise: rupeesToPaise(p.product_saleprice),
      imageUrl: new URL(p.product_image, origin).href,
    })),
    discountPaise: rupeesToPaise(answer.discountprice),
    totalPayablePaise: rupeesToPaise(answer.amountafterdiscount),
    // Only a coupon the server applied is named in the chat.
    couponCode: answer.couponapplied ? answer.coupon_code : '',
  });
}

/**
 * The quote form of a Get Quote store (catalogue-and-cart §2, §4, §5): Full Name, Phone Number,
 * Email Address, Description, and Request a quote (the spec's "Proceed to Checkout" said the
 * wrong thing; docs/spec-deviations.md). After a sent quote the cart empties and says so. A guest is sent to /login (back to /cart after it). The server
 * prices the request; its answer fills the chat message that opens afterwards. A failed request
 * is only logged, as the spec says.
 */
export function QuoteForm({
  lines,
  onSent,
  onQuantity,
}: {
  lines: readonly CartLine[];
  /** After the quote is sent (the cart empties and says so). */
  onSent?: () => Promise<void> | void;
  /** A line's quantity typed here becomes the cart's (the cart's own setQuantity). */
  onQuantity?: (sku: string, quantity: number) => Promise<void> | void;
}) {
  const user = useUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [draft] = useState(takeDraft);
  const [name, setName] = useState(draft.name || user?.full_name || user?.name || '');
  const [mobile, setMobile] = useState(draft.mobile || user?.mobile || '');
  const [email, setEmail] = useState(draft.email || user?.email || '');
  const [description, setDescription] = useState(draft.description ?? '');
  const [coupon, setCoupon] = useState(() => draft.coupon ?? appliedCoupon());
  const [errors, setErrors] = useState<Errors>({});
  const [formRef, focusFirstInvalid] = useFocusFirstInvalid();
  const [sending, setSending] = useState(false);
  // Quantities being typed and their messages, by SKU (issue 59 item 7).
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [quantityErrors, setQuantityErrors] = useState<Record<string, string>>({});
  const without = (record: Record<string, string>, sku: string) => {
    const rest = { ...record };
    delete rest[sku];
    return rest;
  };

  /** A line's quantity as typed (the cart's when nothing is typed), checked. */
  const checkQuantity = (line: CartLine) => {
    const text = typed[line.product_sku];
    return text === undefined
      ? ({ ok: true, quantity: line.quantity } as const)
      : readQuantity(text, quoteLineMax(line));
  };
  /** The box was left: a wrong number says so; a valid new one becomes the cart's. */
  async function finishTyping(line: CartLine) {
    const read = checkQuantity(line);
    if (!read.ok) {
      setQuantityErrors((e) => ({ ...e, [line.product_sku]: read.message }));
      return;
    }
    setQuantityErrors((e) => without(e, line.product_sku));
    if (read.quantity !== line.quantity) await onQuantity?.(line.product_sku, read.quantity);
    setTyped((t) => without(t, line.product_sku));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (lines.length === 0) {
      toast.error('Your cart is empty!');
      return;
    }
    const checked = validateMobile(mobile);
    const next: Errors = {};
    if (!name.trim()) next.name = 'Full Name is required.';
    if (!mobile.trim()) next.mobile = 'Phone Number is required.';
    else if (!checked.ok) next.mobile = checked.message;
    setErrors(next);
    const reads = lines.map(checkQuantity);
    setQuantityErrors(
      Object.fromEntries(
        reads.flatMap((r, i) => (r.ok ? [] : [[lines[i]!.product_sku, r.message]])),
      ),
    );
    if (next.name || next.mobile || !checked.ok || reads.some((r) => !r.ok)) {
      focusFirstInvalid();
      return;
    }
    const quantities = reads.map((r, i) => (r.ok ? r.quantity : lines[i]!.quantity));
    // Typed quantities become the cart's (a guest's too, for after the sign-in).
    const saved = Promise.all(
      lines.map(async (l, i) => {
        if (quantities[i] !== l.quantity) await onQuantity?.(l.product_sku, quantities[i]!);
      }),
    ).then(() => setTyped({}));
    if (!user) {
      const kept: Draft = { name, mobile, email, description, coupon };
      sessionStorage.setItem(DRAFT_KEY, JSON.stringify(kept));
      rememberReturnPage('/cart');
      await saved;
      void navigate('/login');
      return;
    }
    // Open the chat window now, while the press still counts as the shopper's: a window opened
    // after the server answers would be stopped by popup blockers. It is pointed at the chat,
    // or closed, once the quote is answered.
    const chat = window.open('', '_blank');
    if (chat) chat.opener = null;
    setSending(true);
    try {
      await saved;
      const res = await requestQuote({
        name: name.trim(),
        mobile: checked.mobile,
        email: email.trim(),
        description: description.trim(),
        cart_products: lines.map((l, i) => ({
          product_id: l.product_id,
          product_sku: l.product_sku,
          quantity: quantities[i]!,
        })),
        user_id: user.user_id,
        user_name: user.name || user.full_name,
        main_id: STORE_ID,
        coupon_code: coupon.trim(),
        guestVeg: 0,
        guestNonVeg: 0,
      });
      toast.success(res.message || QUOTE_MESSAGES.sent);
      // The server priced the quote without a code it could not apply: say why.
      if (coupon.trim() && !res.data.couponapplied && res.data.coupon_message) {
        toast.warning(`Coupon ${coupon.trim()}: ${res.data.coupon_message}`);
      }
      // The request is made: the form and the cart start again empty.
      setDescription('');
      setCoupon('');
      setErrors({});
      await onSent?.();
      const help = await queryClient.fetchQuery(helpQuery);
      const number = help.whatsapp_number || help.mobile;
      if (number) {
        const url = whatsappChatUrl(number, quoteChatText(res.data, window.location.origin));
        if (chat) chat.location.replace(url);
        else window.location.assign(url);
      } else {
        chat?.close();
      }
    } catch (error) {
      chat?.close();
      console.error('Quote request failed', error);
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-3"
      aria-labelledby="quote-heading"
    >
      <h2 id="quote-heading" className="text-lg font-bold">
        Request a quote
      </h2>
      <QuoteQuantities
        lines={lines}
        typed={typed}
        errors={quantityErrors}
        onType={(sku, text) => setTyped((t) => ({ ...t, [sku]: text }))}
        onDone={(line) => void finishTyping(line)}
      />
      <TextField
        label="Full Name"
        autoComplete="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
      />
      <TextField
        label="Phone Number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={mobile}
        onChange={(e) => setMobile(e.target.value)}
        error={errors.mobile}
      />
      <TextField
        label="Email Address"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextAreaField
        label="Description"
        rows={3}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <TextField
        label="Coupon code (optional)"
        autoComplete="off"
        autoCapitalize="characters"
        value={coupon}
        onChange={(e) => setCoupon(e.target.value)}
      />
      <PrivacyNotice form="quote" />
      <SubmitButton busy={sending} busyLabel="Sending...">
        Request a quote
      </SubmitButton>
    </form>
  );
}
