import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { STOREFRONT_ROUTES, base64ProductPath, productPath } from '@shop/domain';
import { RouteError } from '../components/errors/route-error.tsx';
import { legacyProductRedirect, routes } from './router.tsx';

describe('the route error element', () => {
  it('covers every route of the app: each page has an error element above it or on it', () => {
    const uncovered: string[] = [];
    const walk = (list: RouteObject[], covered: boolean, at: string) => {
      for (const route of list) {
        const here = covered || Boolean(route.ErrorBoundary ?? route.errorElement);
        const path = route.index ? `${at}(index)` : `${at}${route.path ?? ''}/`;
        if (route.children) walk(route.children, here, path);
        else if (!here) uncovered.push(path);
      }
    };
    walk(routes, false, '/');
    expect(uncovered).toEqual([]);
    // Pages fail inside the layout (header and footer stay), the layout on its own.
    expect(routes[0]?.ErrorBoundary).toBe(RouteError);
    expect(routes[0]?.children?.[0]?.ErrorBoundary).toBe(RouteError);
  });
});

describe("the server's list of pages", () => {
  it('is exactly the paths this router draws (so the server answers 404 for the rest)', () => {
    const paths: string[] = [];
    const walk = (list: RouteObject[]) => {
      for (const route of list) {
        if (route.index) paths.push('');
        else if (route.path && route.path !== '*') paths.push(route.path);
        if (route.children) walk(route.children);
      }
    };
    walk(routes);
    expect([...paths].sort()).toEqual([...STOREFRONT_ROUTES].sort());
  });
});

describe('an old base64 product link', () => {
  const id = '3f2a9c1e-8b7d-4c2e-9f1a-0b1c2d3e4f5a';

  it('moves to the readable address, keeping the query', () => {
    const old = new URL(`${base64ProductPath('Classic Tee', id)}?ref=wa`, 'https://shop.example');
    const answer = legacyProductRedirect(old);
    expect(answer?.status).toBe(301);
    expect(answer?.headers.get('location')).toBe(`${productPath('Classic Tee', id)}?ref=wa`);
    expect(answer?.headers.get('location')).toMatch(/^\/p\/classic-tee\/[0-9a-z]{25}\?ref=wa$/);
  });

  it('is not found when malformed', () => {
    expect(legacyProductRedirect(new URL('https://shop.example/product/abc/%%%'))).toBeNull();
  });
});
