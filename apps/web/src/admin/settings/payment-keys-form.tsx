import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PaymentKeys,
  PaymentKeysResponse,
  PaymentKeysTestResponse,
  PaymentKeysUpdate,
} from '@shop/contracts';
import { Button } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { errorText, ServerError } from '../../lib/api-request.ts';
import { SaveBar } from '../layout/save-bar.tsx';
import { adminJson } from '../lib/admin-api.ts';
import { useReportUnsaved } from './unsaved-changes.tsx';

const KEY = ['admin', 'settings', 'payment-keys'];
const PATH = '/admin/settings/payment-keys';

/** The store's Razorpay keys: saved write-only (shown masked), tested, removed (decision 0028). */
export function PaymentKeysForm() {
  const query = useQuery({
    queryKey: KEY,
    queryFn: () => adminJson<PaymentKeysResponse>('GET', PATH),
  });
  if (query.error) return <FormAlert message={errorText(query.error)} />;
  if (!query.data) return null;
  return <KeysEditor keys={query.data.data} />;
}

function KeysEditor({ keys }: { keys: PaymentKeys }) {
  const client = useQueryClient();
  const [keyId, setKeyId] = useState(keys.own_keys ? keys.key_id : '');
  const [keySecret, setKeySecret] = useState('');
  const [webhookSecret, setWebhookSecret] = useState('');
  const [copied, setCopied] = useState(false);
  useReportUnsaved(
    'Payment keys',
    keyId.trim() !== (keys.own_keys ? keys.key_id : '') || keySecret !== '' || webhookSecret !== '',
  );
  const stored = (res: PaymentKeysResponse) => {
    client.setQueryData(KEY, res);
    setKeySecret('');
    setWebhookSecret('');
  };
  const save = useMutation({
    mutationFn: (body: PaymentKeysUpdate) => adminJson<PaymentKeysResponse>('PUT', PATH, body),
    onSuccess: stored,
  });
  const remove = useMutation({
    mutationFn: () => adminJson<PaymentKeysResponse>('DELETE', PATH),
    onSuccess: (res) => {
      stored(res);
      setKeyId('');
    },
  });
  const test = useMutation({
    mutationFn: () =>
      adminJson<PaymentKeysTestResponse>(
        'POST',
        `${PATH}/test`,
        keySecret ? { key_id: keyId.trim(), key_secret: keySecret } : {},
      ),
  });
  const busy = save.isPending || remove.isPending || test.isPending;
  const err = (name: string) =>
    save.error instanceof ServerError && save.error.field === name
      ? errorText(save.error)
      : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    test.reset();
    save.mutate({
      key_id: keyId.trim(),
      ...(keySecret ? { key_secret: keySecret } : {}),
      ...(webhookSecret ? { webhook_secret: webhookSecret } : {}),
    });
  };
  const copy = () => {
    void navigator.clipboard?.writeText(keys.webhook_url).then(() => setCopied(true));
  };

  return (
    <form
      id="payment-keys"
      onSubmit={submit}
      aria-labelledby="keys-title"
      className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      noValidate
      autoComplete="off"
    >
      <h2 id="keys-title" className="font-semibold text-slate-900">
        Payment keys (Razorpay)
      </h2>
      <p className="text-sm text-slate-700" data-testid="keys-state">
        {keys.own_keys
          ? `The shop takes payments with its own key ${keys.key_id} (secret ${keys.key_secret ?? ''}${keys.webhook_secret_set ? ', webhook secret set' : ''}).`
          : keys.key_id
            ? `The shop uses the server’s key ${keys.key_id}. Add the shop’s own keys from Razorpay’s dashboard (Settings → API keys).`
            : 'The shop has no Razorpay keys yet, so it takes no online payments. Add its keys from Razorpay’s dashboard (Settings → API keys).'}
        {keys.gateway === 'sandbox' &&
          ' This server runs the payment sandbox: payments are simulated until it is set to Razorpay.'}
      </p>
      <TextField
        label="Key id"
        value={keyId}
        onChange={(e) => setKeyId(e.target.value)}
        error={err('key_id')}
        placeholder="rzp_live_…"
        spellCheck={false}
      />
      <TextField
        label={keys.own_keys ? 'Key secret (empty: keep the saved one)' : 'Key secret'}
        type="password"
        autoComplete="new-password"
        value={keySecret}
        onChange={(e) => setKeySecret(e.target.value)}
        error={err('key_secret')}
      />
      <TextField
        label={
          keys.webhook_secret_set ? 'Webhook secret (empty: keep the saved one)' : 'Webhook secret'
        }
        type="password"
        autoComplete="new-password"
        value={webhookSecret}
        onChange={(e) => setWebhookSecret(e.target.value)}
        error={err('webhook_secret')}
      />
      <div className="flex flex-col gap-1 text-sm text-slate-800">
        <span className="font-semibold">Webhook address (add it in Razorpay’s dashboard)</span>
        <div className="flex flex-wrap items-center gap-2">
          <code className="rounded bg-slate-100 px-2 py-1 break-all">{keys.webhook_url}</code>
          <Button variant="ghost" onClick={copy}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </div>
      </div>
      <FormAlert
        message={
          save.error && !(save.error instanceof ServerError && save.error.field)
            ? errorText(save.error)
            : remove.error
              ? errorText(remove.error)
              : test.error
                ? errorText(test.error)
                : null
        }
      />
      {test.data &&
        (test.data.ok ? (
          <p
            role="status"
            className="rounded-lg bg-green-50 p-3 text-sm font-medium text-green-900"
          >
            {test.data.message}
          </p>
        ) : (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
            {test.data.message}
          </p>
        ))}
      <SaveBar label="Save keys" pending={busy} saved={save.isSuccess && !test.data}>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => {
            save.reset();
            test.mutate();
          }}
        >
          {test.isPending ? 'Testing…' : keySecret ? 'Test these keys' : 'Test saved keys'}
        </Button>
        {keys.own_keys && (
          <Button
            variant="ghost"
            disabled={busy}
            onClick={() => {
              if (
                window.confirm('Remove the shop’s own keys? Checkout goes back to the server’s.')
              ) {
                remove.mutate();
              }
            }}
          >
            Remove own keys
          </Button>
        )}
      </SaveBar>
    </form>
  );
}
