import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { Button } from '../../components/ui/button.tsx';

type Report = (section: string, dirty: boolean) => void;

const UnsavedContext = createContext<Report>(() => undefined);

/**
 * Tells the page's guard that `section` (the form's title, named in the prompt) has edits not
 * saved yet; a form that goes away takes its report with it.
 */
export function useReportUnsaved(section: string, dirty: boolean) {
  const report = useContext(UnsavedContext);
  useEffect(() => {
    report(section, dirty);
    return () => report(section, false);
  }, [report, section, dirty]);
}

/**
 * A page of forms that each save on their own: while any has unsaved edits, leaving the page in
 * the admin (a menu link, Back) asks first, naming the forms, and closing or reloading the tab
 * gets the browser's own "Leave site?" question.
 */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const [dirty, setDirty] = useState<readonly string[]>([]);
  const report = useCallback<Report>((section, isDirty) => {
    setDirty((list) => {
      const has = list.includes(section);
      if (isDirty === has) return list;
      return isDirty ? [...list, section] : list.filter((s) => s !== section);
    });
  }, []);
  const unsaved = dirty.length > 0;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!unsaved) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the question only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  return (
    <UnsavedContext.Provider value={report}>
      {children}
      {blocker.state === 'blocked' && (
        <div className="fixed inset-0 z-40 flex items-end justify-center bg-slate-900/40 p-4 sm:items-center">
          <div
            role="alertdialog"
            aria-modal="true"
            aria-labelledby="unsaved-title"
            aria-describedby="unsaved-text"
            className="flex w-full max-w-md flex-col gap-3 rounded-lg bg-white p-4 shadow-lg"
          >
            <h2 id="unsaved-title" className="font-semibold text-slate-900">
              Leave without saving?
            </h2>
            <p id="unsaved-text" className="text-sm text-slate-700">
              Not saved yet: {dirty.join(', ')}. Stay to save them, or leave and lose those changes.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button autoFocus className="min-h-11" onClick={() => blocker.reset()}>
                Stay on this page
              </Button>
              <Button variant="secondary" className="min-h-11" onClick={() => blocker.proceed()}>
                Leave without saving
              </Button>
            </div>
          </div>
        </div>
      )}
    </UnsavedContext.Provider>
  );
}
