import { useEffect, useState } from 'react';
import { Button } from './button.tsx';

/** How long "Copied" stays beside the button. */
export const COPIED_MS = 3000;

/**
 * Copies a text (a tracking number) to the clipboard, then shows "Copied" beside the button for
 * a few seconds, announced politely; a refused clipboard says so instead.
 */
export function CopyButton({ text, what }: { text: string; what: string }) {
  const [result, setResult] = useState<'copied' | 'failed' | null>(null);
  useEffect(() => {
    if (result === null) return;
    const timer = setTimeout(() => setResult(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [result]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setResult('copied');
    } catch {
      setResult('failed');
    }
  };
  return (
    <span className="inline-flex items-center gap-2">
      <Button
        variant="secondary"
        className="min-h-11 px-3"
        aria-label={`Copy ${what}`}
        onClick={() => void copy()}
      >
        Copy
      </Button>
      <span role="status" className="text-sm font-semibold text-green-800">
        {result === 'copied' ? 'Copied' : result === 'failed' ? 'Could not copy' : ''}
      </span>
    </span>
  );
}
