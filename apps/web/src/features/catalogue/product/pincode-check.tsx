import { useId, useState } from 'react';
import { checkPincode } from '@shop/domain';
import { Button } from '../../../components/ui/button.tsx';
import { usePincodes } from '../api/catalogue-queries.ts';

export function PincodeCheck() {
  const id = useId();
  const [pin, setPin] = useState('');
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const { data: pincodes } = usePincodes();
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        setResult(checkPincode(pin, pincodes ?? []));
      }}
    >
      <label htmlFor={id} className="text-sm font-semibold">
        Check delivery to your pincode
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          value={pin}
          onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
          className="min-h-tap w-36 rounded-lg px-3 ring-1 ring-slate-300"
        />
        <Button type="submit" variant="secondary" disabled={!pincodes}>
          Check
        </Button>
      </div>
      <p
        role="status"
        data-testid="pincode-result"
        className={`min-h-5 text-sm ${result?.ok ? 'text-green-800' : 'text-red-800'}`}
      >
        {result?.message}
      </p>
    </form>
  );
}
