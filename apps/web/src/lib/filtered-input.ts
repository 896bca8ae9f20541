import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * A react-hook-form registration whose box keeps only what `filter` lets through while typing
 * (digits only for phones and pincodes). Call it where the field is rendered, so the fields
 * keep their on-screen order (react-hook-form focuses the first invalid one).
 */
export function filtered<N extends string>(
  registration: UseFormRegisterReturn<N>,
  filter: (value: string) => string,
): UseFormRegisterReturn<N> {
  return {
    ...registration,
    onChange: (event: { target: HTMLInputElement; type?: string }) => {
      event.target.value = filter(event.target.value);
      return registration.onChange(event);
    },
  };
}
