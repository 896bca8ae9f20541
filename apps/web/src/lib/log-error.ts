/**
 * Logs an error the shopper met (a page that failed to render). The browser console for now; a
 * reporting service, when the shop has one, is wired here and only here.
 */
export function logError(context: string, error: unknown): void {
  console.error(context, error);
}
