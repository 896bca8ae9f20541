import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ModalProps {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  /** On a phone, a bottom sheet (full width, from the bottom edge); centred from 640 px. */
  sheet?: boolean;
}

/**
 * A modal dialog on the native <dialog>: the browser traps focus inside it, makes the page
 * behind inert, and closes it on Escape.
 */
export function Modal({ title, open, onClose, children, sheet = false }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
      className={
        sheet
          ? 'mx-0 mt-auto mb-0 w-full max-w-none rounded-t-2xl p-0 pb-(--inset-bottom) shadow-xl backdrop:bg-slate-900/60 sm:m-auto sm:w-[min(100%-2rem,36rem)] sm:rounded-2xl sm:pb-0'
          : 'm-auto w-[min(100%-2rem,36rem)] rounded-2xl p-0 shadow-xl backdrop:bg-slate-900/60'
      }
    >
      <div className="flex items-center justify-between gap-4 border-b border-slate-200 py-1 pr-2 pl-4">
        <h2 id={titleId} className="text-lg font-bold text-slate-900">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="flex size-11 items-center justify-center rounded-lg text-2xl leading-none text-slate-700 hover:bg-slate-100"
          aria-label="Close"
        >
          ×
        </button>
      </div>
      <div className="max-h-[70vh] overflow-y-auto p-4">{open && children}</div>
    </dialog>
  );
}
