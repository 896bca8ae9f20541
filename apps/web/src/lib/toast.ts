import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';

/**
 * The shop's toasts: sonner's `toast.success/error/warning/info/dismiss`, with sonner itself
 * loaded apart from the entry chunk every page waits for (33 KB of script and a stylesheet it
 * inserts as it loads; issue 29, docs/benchmarks.md). The `<Toaster>` (components/ui/toaster.tsx)
 * loads it once the page has loaded, so it is here before a shopper can act (and while the
 * network that a failure toast may be about is still up); a toast asked for earlier loads it at
 * once. Sonner's `<Toaster>` replays the toasts made before it subscribed, so none is lost.
 */
type Sonner = typeof SonnerModule;
type Message = Parameters<Sonner['toast']['success']>[0];

let sonner: Sonner | null = null;
let loading: Promise<Sonner> | null = null;
const listeners = new Set<() => void>();

/** Loads sonner once (again after a failed load); its listeners hear when it is here. */
export function loadSonner(): Promise<Sonner> {
  loading ??= import('sonner').then(
    (module) => {
      sonner = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Sonner once loaded, else null (a `useSyncExternalStore` snapshot). */
export const loadedSonner = (): Sonner | null => sonner;

/** Calls `listener` when sonner has loaded; returns the unsubscribe. */
export function onSonnerLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Runs `use` with sonner now if it is here, else once it has loaded (in call order). */
function withSonner(use: (module: Sonner) => void): void {
  if (sonner) {
    use(sonner);
    return;
  }
  loadSonner().then(use, (error: unknown) => {
    // The chunk could not be fetched (offline before it ever loaded): the toast is lost, the
    // page's own state still says what happened.
    console.warn('Toasts could not be loaded', error);
  });
}

const show =
  (kind: 'success' | 'error' | 'warning' | 'info') =>
  (message: Message, options?: ExternalToast): void =>
    withSonner(({ toast }) => {
      toast[kind](message, options);
    });

export const toast = {
  success: show('success'),
  error: show('error'),
  warning: show('warning'),
  info: show('info'),
  dismiss: (id?: string | number): void =>
    withSonner(({ toast }) => {
      toast.dismiss(id);
    }),
};
