import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster } from '../components/ui/toaster.tsx';
import { adminRouter } from './admin-router.tsx';

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: true } },
});

/** The admin app at /admin: its own entry, router and session (no storefront page loads it). */
export function AdminApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={adminRouter} />
      <Toaster />
    </QueryClientProvider>
  );
}
