import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * A form whose own checks refused it moves the focus to its first field marked
 * `aria-invalid="true"` (where its error is read out), as a screen-reader or keyboard user
 * expects. Call the returned function after setting the errors; the focus moves once they are
 * drawn.
 */
export function useFocusFirstInvalid(): [RefObject<HTMLFormElement | null>, () => void] {
  const formRef = useRef<HTMLFormElement>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (asked === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [asked]);
  return [formRef, () => setAsked((n) => n + 1)];
}
