/** What an admin action just did, or why it failed: read out (status or alert) where it happened. */
export interface Outcome {
  ok: boolean;
  text: string;
}

/** The outcome of an action beside its control: green when done, red (an alert) when refused. */
export function OutcomeNote({ outcome }: { outcome: Outcome | null }) {
  if (!outcome) return null;
  return (
    <p
      role={outcome.ok ? 'status' : 'alert'}
      className={`rounded-lg p-3 text-sm font-medium ${outcome.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-800'}`}
    >
      {outcome.text}
    </p>
  );
}
