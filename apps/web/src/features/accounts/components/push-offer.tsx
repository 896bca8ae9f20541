import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PrivacyNotice } from '../../../components/privacy/privacy-notice.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { logError } from '../../../lib/log-error.ts';
import { useUser } from '../../../lib/use-session.ts';
import { browserCanPush, fcmWebOptions, registerWebPush } from '../web-push.ts';

type State = 'offer' | 'asking' | 'on' | 'blocked' | 'failed';

const NEWS: Record<Exclude<State, 'offer' | 'asking'>, string> = {
  on: 'Done: this phone will get a notification when your order moves.',
  blocked: 'Notifications are blocked for this site. You can allow them in your browser settings.',
  failed: 'Could not turn on notifications just now. Please try again later.',
};

/**
 * "Get updates on this phone": asks for notification permission only when the shopper taps it
 * (never on load), then registers this browser's FCM token. Shown only when the shop sends web
 * push, the browser can take it and the shopper has not answered the browser's question yet.
 */
export function PushOffer() {
  const userId = useUser()?.user_id;
  const canPush = browserCanPush();
  const { data: fcm } = useQuery({
    queryKey: ['push-options'],
    queryFn: ({ signal }) => fcmWebOptions(signal),
    enabled: canPush && Boolean(userId),
    staleTime: Infinity,
  });
  const [state, setState] = useState<State>('offer');
  if (!userId || !canPush || !fcm) return null;
  if (state === 'offer' && Notification.permission !== 'default') return null;

  const turnOn = async () => {
    setState('asking');
    try {
      const answer = await Notification.requestPermission();
      if (answer !== 'granted') return setState('blocked');
      setState((await registerWebPush(userId)) ? 'on' : 'failed');
    } catch (error) {
      logError('turning on order notifications', error);
      setState('failed');
    }
  };

  return (
    <section
      aria-label="Order updates"
      className="mx-auto flex w-full max-w-4xl flex-wrap items-center gap-3 px-4 pb-6"
    >
      {state === 'offer' || state === 'asking' ? (
        <Button
          variant="secondary"
          className="min-h-11 px-4"
          disabled={state === 'asking'}
          onClick={() => void turnOn()}
        >
          Get updates on this phone
        </Button>
      ) : null}
      <p role="status" className="text-sm text-slate-700">
        {state === 'offer' || state === 'asking'
          ? 'We will send a notification when your order is shipped or delivered.'
          : NEWS[state]}
      </p>
      {state === 'offer' || state === 'asking' ? (
        <PrivacyNotice form="push" className="w-full" />
      ) : null}
    </section>
  );
}
