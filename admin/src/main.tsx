import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { App } from './App.js';
import { i18nReady } from './providers/i18nProvider.js';

// History mode (plain paths) with a data router, so forms can block navigation on unsaved changes.
const router = createBrowserRouter([{ path: '*', element: <App /> }]);

// The Spanish catalogue is a chunk of its own: render once the stored language is loaded.
void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  ),
);
