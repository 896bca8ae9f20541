import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ProductGrid } from '../features/catalogue/components/product-grid.tsx';

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 60_000, retry: 1 } },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <header className="bg-slate-900 text-white">
        <div className="mx-auto max-w-6xl px-4 py-3 text-lg font-extrabold tracking-tight">
          Urban Roll
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-6">
        <ProductGrid />
      </main>
    </QueryClientProvider>
  );
}
