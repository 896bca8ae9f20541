import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Tab and Shift+Tab wrap around inside the element (a modal <dialog> alone lets focus leave
 * for the browser's own controls). */
function wrapFocus(e: KeyboardEvent<HTMLElement>) {
  if (e.key !== 'Tab') return;
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.offsetParent !== null,
  );
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) return;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

interface DrawerProps {
  open: boolean;
  onClose: () => void;
  /** The id of the element naming the drawer (its heading). */
  labelledBy: string;
  id?: string;
  side: 'left' | 'right';
  /** Its width, e.g. "w-[min(20rem,85vw)]". */
  width: string;
  children: ReactNode;
}

/**
 * A full-height panel from one side over the page, on a native modal <dialog>: the page behind
 * is inert, Tab stays inside, Escape or a tap on the backdrop closes it, and the browser returns
 * focus to the control that opened it. Its white runs under a phone's gesture bar and beside a
 * notch; its content stays clear of both (the safe-area insets).
 */
export function Drawer({ open, onClose, labelledBy, id, side, width, children }: DrawerProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      id={id}
      aria-labelledby={labelledBy}
      onClose={onClose}
      onKeyDown={wrapFocus}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
      className={`m-0 h-dvh max-h-none max-w-none bg-white p-0 pb-(--inset-bottom) text-slate-900 backdrop:bg-slate-900/60 ${side === 'right' ? 'ml-auto pr-[env(safe-area-inset-right,0px)]' : 'pl-[env(safe-area-inset-left,0px)]'} ${width}`}
    >
      {children}
    </dialog>
  );
}
