import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RouteError } from '../components/errors/route-error.tsx';
import { routes } from './router.tsx';

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
