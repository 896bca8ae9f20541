import { Toaster as Sonner } from 'sonner';

/** Toasts close after 3000 ms, as the spec says. */
export function Toaster() {
  return <Sonner position="top-center" duration={3000} richColors closeButton />;
}
