import '../lib/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AdminApp } from './admin-app.tsx';
import '../index.css';

const root = document.getElementById('admin-root');
if (!root) throw new Error('admin.html has no #admin-root element');
createRoot(root).render(
  <StrictMode>
    <AdminApp />
  </StrictMode>,
);
