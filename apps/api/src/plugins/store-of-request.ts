import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../app-config.ts';

/** Which store a request is for, and where each store's pages live (decision 0051). */
export interface StoreChoice {
  /**
   * The store of a request: the one STORE_HOSTS gives its host, else STORE_ID's. The host is
   * the Host header, or X-Forwarded-Host from a proxy TRUST_PROXY trusts (Fastify's
   * request.host), so an untrusted client cannot forge it past a proxy.
   */
  storeOf: (request: FastifyRequest) => string;
  /**
   * The public origin of a store's pages (canonical and Open Graph URLs, links in emails):
   * PUBLIC_URL for STORE_ID's store, the first STORE_HOSTS host of any other.
   */
  publicOriginOf: (storeId: string) => string;
  /** Every store this server serves: STORE_ID's, then STORE_HOSTS' in their order. */
  storeIds: string[];
}

/** The store choice of a configuration; pure, so start-up checks and modules share it. */
export function storeChoice(
  config: Pick<AppConfig, 'STORE_ID' | 'STORE_HOSTS' | 'PUBLIC_URL'>,
): StoreChoice {
  const byHost = new Map((config.STORE_HOSTS ?? []).map((h) => [h.host, h.storeId]));
  const origins = new Map<string, string>();
  for (const h of config.STORE_HOSTS ?? []) {
    if (!origins.has(h.storeId)) origins.set(h.storeId, h.origin);
  }
  const storeIds = [
    ...new Set([config.STORE_ID, ...(config.STORE_HOSTS ?? []).map((h) => h.storeId)]),
  ];
  return {
    storeOf: (request) => {
      if (byHost.size === 0) return config.STORE_ID;
      // With its port first (localhost:3001), then the name alone (shop.example.in).
      const host = request.host.toLowerCase();
      return byHost.get(host) ?? byHost.get(request.hostname.toLowerCase()) ?? config.STORE_ID;
    },
    publicOriginOf: (storeId) => {
      if (storeId === config.STORE_ID) return config.PUBLIC_URL;
      return origins.get(storeId) ?? config.PUBLIC_URL;
    },
    storeIds,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The store a request is for (STORE_HOSTS by its host, else STORE_ID). */
    storeOf: (request: FastifyRequest) => string;
    /** A store's public origin (PUBLIC_URL, or its STORE_HOSTS host). */
    publicOriginOf: (storeId: string) => string;
  }
}

/** Decorates the app with storeOf and publicOriginOf (needs the config plugin). */
export const storeOfRequest = fp(
  (app: FastifyInstance, _options: Record<never, never>, done: () => void) => {
    const choice = storeChoice(app.config);
    app.decorate('storeOf', choice.storeOf);
    app.decorate('publicOriginOf', choice.publicOriginOf);
    done();
  },
  { name: 'store-of-request', dependencies: ['config'] },
);
