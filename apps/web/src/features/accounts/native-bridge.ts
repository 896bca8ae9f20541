/**
 * The native app shell's Google sign-in bridge (docs/native-app-shell.md): the page asks with
 * `{"type":"google-sign-in"}` and the shell answers `{"type":"google-token","token":"…"}`.
 */

declare global {
  interface Window {
    /** Injected by react-native-webview inside the app shell. */
    ReactNativeWebView?: { postMessage: (message: string) => void };
  }
}

/** The app shell is recognised by its marker in the user agent. */
export function isAppShell(marker: string | undefined, userAgent = navigator.userAgent): boolean {
  return Boolean(marker) && userAgent.includes(marker ?? '');
}

/** Asks the shell for a Google sign-in. */
export function requestNativeGoogleSignIn() {
  const message = JSON.stringify({ type: 'google-sign-in' });
  if (window.ReactNativeWebView) window.ReactNativeWebView.postMessage(message);
  else window.parent.postMessage(message, '*');
}

/** The token of a `google-token` message (sent as JSON text or as an object), else null. */
export function googleTokenOf(data: unknown): string | null {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object') return null;
  const m = value as Record<string, unknown>;
  if (m.type !== 'google-token') return null;
  return typeof m.token === 'string' ? m.token : '';
}

/**
 * Calls `onToken` for each google-token message from the shell (this window, its parent, or
 * react-native-webview, which dispatches on document on Android). Returns the unsubscribe.
 */
export function onNativeGoogleToken(onToken: (token: string) => void): () => void {
  const handler = (event: Event) => {
    if (!(event instanceof MessageEvent)) return;
    const fromShell =
      event.source === null || event.source === window || event.source === window.parent;
    if (!fromShell) return;
    const token = googleTokenOf(event.data);
    if (token !== null) onToken(token);
  };
  window.addEventListener('message', handler);
  document.addEventListener('message', handler);
  return () => {
    window.removeEventListener('message', handler);
    document.removeEventListener('message', handler);
  };
}
