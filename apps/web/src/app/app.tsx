import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { OfflineBanner } from '../components/errors/offline-banner.tsx';
import { queryClient } from '../lib/query-client.ts';
import { router } from './router.tsx';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <OfflineBanner />
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
