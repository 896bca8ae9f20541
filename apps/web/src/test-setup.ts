import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// The store the server writes into every page (decision 0051), read by api-client.ts as it loads.
const storeMeta = document.createElement('meta');
storeMeta.name = 'shop-store-id';
storeMeta.content = 'urbanroll';
document.head.append(storeMeta);

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
