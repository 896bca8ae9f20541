import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { errorText } from '../../lib/api-request.ts';
import { useRevealAadhaar } from './inbox-api.ts';

/** The owner's Reveal: asks first (every reveal is recorded), then shows the 12 digits. */
export function RevealAadhaar({ id }: { id: string }) {
  const reveal = useRevealAadhaar(id);
  const [asking, setAsking] = useState(false);
  const digits = reveal.data?.data.aadhar;
  return (
    <div className="flex flex-col gap-2 border-t border-slate-200 pt-3">
      {digits ? (
        <p className="text-sm">
          <span className="font-semibold text-slate-700">Aadhaar number: </span>
          <span className="font-mono text-base tracking-wider text-slate-900">
            {digits.replace(/(\d{4})(?=\d)/g, '$1 ')}
          </span>
        </p>
      ) : (
        <Button variant="secondary" className="self-start" onClick={() => setAsking(true)}>
          Reveal Aadhaar
        </Button>
      )}
      <Modal title="Reveal the Aadhaar number?" open={asking} onClose={() => setAsking(false)}>
        <div className="flex flex-col gap-3">
          <p className="text-slate-800">
            The full number is sensitive personal data. Your reveal is recorded with your name and
            the time.
          </p>
          <FormAlert message={reveal.isError ? errorText(reveal.error) : null} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setAsking(false)}>
              Cancel
            </Button>
            <Button
              disabled={reveal.isPending}
              onClick={() => reveal.mutate(undefined, { onSuccess: () => setAsking(false) })}
            >
              Reveal
            </Button>
          </div>
        </div>
      </Modal>
    </div>
  );
}
