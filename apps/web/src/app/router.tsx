import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { parseProductPath, productPath } from '@shop/domain';
import { RequireUser } from './layout/require-user.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { RouteError } from '../components/errors/route-error.tsx';

/**
 * The readable address of a product link in the spec's base64 form (the server answers those
 * with a 301 on a page load; this covers links followed inside the app). Null (the not-found
 * page) when the link is malformed.
 */
export function legacyProductRedirect(url: URL): Response | null {
  const address = parseProductPath(url.pathname);
  if (address?.form !== 'base64' || address.id === null) return null;
  return redirect(`${productPath(address.title ?? '', address.id)}${url.search}`, 301);
}

/**
 * Every page but the layout is its own chunk, loaded when first visited. No blank page, ever:
 * a page that fails shows the error element inside the layout (the pathless route below), and
 * a layout that fails shows it on its own (the root route).
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          { index: true, lazy: () => import('./routes/home-page.tsx') },
          { path: 'products', lazy: () => import('./routes/products-page.tsx') },
          { path: 'product', lazy: () => import('./routes/products-page.tsx') },
          { path: 'p/:slug/:key', lazy: () => import('./routes/product-page.tsx') },
          {
            // The spec's base64 address (old links): moved to the readable one, or not found.
            path: 'product/:title/:id',
            loader: ({ request }) => legacyProductRedirect(new URL(request.url)),
            lazy: async () => {
              const { NotFound } = await import('./routes/not-found-page.tsx');
              return { Component: () => <NotFound what="product" /> };
            },
          },
          { path: 'category-detail/:category', lazy: () => import('./routes/category-page.tsx') },
          { path: 'course', lazy: () => import('./routes/courses-page.tsx') },
          { path: 'cart', lazy: () => import('./routes/cart-page.tsx') },
          { path: 'perfumes', lazy: () => import('./routes/perfumes-page.tsx') },
          { path: 'login', lazy: () => import('./routes/login-page.tsx') },
          { path: 'register', lazy: () => import('./routes/register-page.tsx') },
          { path: 'reset', lazy: () => import('./routes/reset-page.tsx') },
          { path: 'contact', lazy: () => import('./routes/contact-page.tsx') },
          { path: 'enquiry-form', lazy: () => import('./routes/enquiry-page.tsx') },
          // The store's content pages (Markdown from GET /pages/{store}/{slug}).
          { path: 'about', lazy: () => import('./routes/content-page.tsx') },
          { path: 'centers', lazy: () => import('./routes/content-page.tsx') },
          { path: 'privacy-policy', lazy: () => import('./routes/content-page.tsx') },
          { path: 'refund-policy', lazy: () => import('./routes/content-page.tsx') },
          { path: 'terms-and-conditions', lazy: () => import('./routes/content-page.tsx') },
          { path: 'shipping-and-delivery', lazy: () => import('./routes/content-page.tsx') },
          { path: 'rules-and-regulations', lazy: () => import('./routes/content-page.tsx') },
          // Pages the shop added in the admin (decision 0023).
          { path: 'pages/:slug', lazy: () => import('./routes/content-page.tsx') },
          // After erasing their data the shopper is signed out: what was erased and kept.
          { path: 'data-erased', lazy: () => import('./routes/data-erased-page.tsx') },
          {
            // Protected routes: without a stored user, /login (and back here after it).
            Component: RequireUser,
            children: [
              { path: 'my-account', lazy: () => import('./routes/my-account-page.tsx') },
              { path: 'my-account/privacy', lazy: () => import('./routes/privacy-page.tsx') },
              { path: 'checkout', lazy: () => import('./routes/checkout-page.tsx') },
              {
                path: 'payment-success/:orderId',
                lazy: () => import('./routes/payment-success-page.tsx'),
              },
              {
                path: 'payment-failed/:orderId',
                lazy: () => import('./routes/payment-failed-page.tsx'),
              },
              { path: 'invoice/:orderId', lazy: () => import('./routes/invoice-page.tsx') },
              { path: 'track/:orderId', lazy: () => import('./routes/track-page.tsx') },
              { path: 'pay-upi/:orderId', lazy: () => import('./routes/pay-upi-page.tsx') },
              { path: 'admission-form', lazy: () => import('./routes/admission-form-page.tsx') },
              {
                path: 'admission-form-step-2',
                lazy: () => import('./routes/admission-step-2-page.tsx'),
              },
              {
                path: 'admission-consent',
                lazy: () => import('./routes/admission-consent-page.tsx'),
              },
              {
                path: 'payment-successad/:receiptId',
                lazy: () => import('./routes/admission-payment-success-page.tsx'),
              },
              {
                path: 'payment-failedad/:receiptId',
                lazy: () => import('./routes/admission-payment-failed-page.tsx'),
              },
            ],
          },
          { path: '*', lazy: () => import('./routes/not-found-page.tsx') },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
