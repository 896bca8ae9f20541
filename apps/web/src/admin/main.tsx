import '../lib/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { routerReady } from '../lib/router-ready.ts';
import { AdminApp } from './admin-app.tsx';
import { adminRouter } from './admin-router.tsx';
import '../index.css';

const root = document.getElementById('admin-root');
if (!root) throw new Error('admin.html has no #admin-root element');
// admin.html's "Loading" line stays on screen until the first page can render in its place.
void routerReady(adminRouter).then(() =>
  createRoot(root).render(
    <StrictMode>
      <AdminApp />
    </StrictMode>,
  ),
);
