/**
 * An error said inside a dialog. Toasts sit under a modal dialog's backdrop, so a dialog says
 * its own errors (announced as an alert).
 */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 p-2 text-sm font-medium text-red-800">
      {message}
    </p>
  );
}
