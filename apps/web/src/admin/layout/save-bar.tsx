import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';

/**
 * A form's Save button in a bar that stays at the bottom of the screen while the form is in view
 * (put it last in a form with `p-4`), with the outcome beside it: "Saved." (announced), or what
 * went wrong. Other buttons of the form may go beside Save (`children`). It stays under the
 * admin's header (z-20) and its phone menu (z-30), never over them.
 */
export function SaveBar({
  label,
  pending,
  saved,
  problem,
  children,
}: {
  label: string;
  pending: boolean;
  saved: boolean;
  /** Shown beside Save when the save failed (e.g. "Some fields need a look…"). */
  problem?: string | null | undefined;
  children?: ReactNode;
}) {
  return (
    <div
      className="sticky bottom-0 z-10 -mx-4 -mb-4 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-b-lg border-t border-slate-200 bg-white/95 px-4 pt-3 pb-[calc(0.75rem+var(--inset-bottom))] shadow-[0_-4px_8px_-6px_rgb(15_23_42/0.25)] backdrop-blur"
      data-testid="save-bar"
    >
      <Button type="submit" disabled={pending} className="min-h-11">
        {pending ? 'Saving…' : label}
      </Button>
      {children}
      <p role="status" className="text-sm font-semibold text-green-800">
        {saved && !pending ? 'Saved.' : ''}
      </p>
      {problem && (
        <p role="alert" className="basis-full text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
