import { useId, useRef, type ReactNode } from 'react';

interface TabsProps<K extends string> {
  label: string;
  tabs: readonly { key: K; label: ReactNode }[];
  active: K;
  onChange: (key: K) => void;
  /** Classes of a tab button, selected or not. */
  tabClass: (selected: boolean) => string;
  listClass: string;
  panelClass?: string;
  children: ReactNode;
}

/** An ARIA tab list with one panel; arrow keys, Home and End move between tabs. */
export function Tabs<K extends string>({
  label,
  tabs,
  active,
  onChange,
  tabClass,
  listClass,
  panelClass,
  children,
}: TabsProps<K>) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const index = tabs.findIndex((t) => t.key === active);
  const select = (i: number) => {
    const tab = tabs[(i + tabs.length) % tabs.length];
    if (!tab) return;
    onChange(tab.key);
    list.current?.querySelector<HTMLButtonElement>(`[data-key="${tab.key}"]`)?.focus();
  };
  return (
    <>
      <div
        ref={list}
        role="tablist"
        aria-label={label}
        className={listClass}
        onKeyDown={(e) => {
          const moves: Record<string, number> = {
            ArrowRight: index + 1,
            ArrowLeft: index - 1,
            Home: 0,
            End: tabs.length - 1,
          };
          const next = moves[e.key];
          if (next === undefined) return;
          e.preventDefault();
          select(next);
        }}
      >
        {tabs.map((t) => (
          <button
            key={t.key}
            role="tab"
            type="button"
            data-key={t.key}
            id={`${id}-${t.key}`}
            aria-selected={t.key === active}
            aria-controls={`${id}-panel`}
            tabIndex={t.key === active ? 0 : -1}
            onClick={() => onChange(t.key)}
            className={tabClass(t.key === active)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-${active}`}
        className={panelClass}
      >
        {children}
      </div>
    </>
  );
}
