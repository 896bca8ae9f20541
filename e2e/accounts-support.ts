import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { newestCode, outboxMessages } from './outbox.ts';

export const STORE_ID = 'urbanroll';
/** The store of the shop started as a real one (STORE_ID=myshop, setup-shop-fresh.spec.ts). */
export const FRESH_STORE_ID = 'myshop';
/** The main store's first owner, made at start-up (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const E2E_OWNER = { email: 'owner@e2e.example.com', password: 'e2e-owner-password-42' };
/** The owner of the shop started with SEED_DEMO=false (setup-shop-fresh.spec.ts). */
export const FRESH_OWNER = {
  email: 'founder@fresh.example.com',
  password: 'fresh-owner-password-42',
};

/** An address of its own for every test: tests run in parallel and in two viewports. */
export function uniqueEmail(who = 'asha'): string {
  return `${who}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * The newest six-digit code the server's outbox (DATA_DIR/outbox) holds for `email`; the main
 * server's unless another server's data dir is given.
 */
export async function latestCode(
  email: string,
  after = 0,
  dataDir = process.env.E2E_DATA_DIR,
): Promise<string> {
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  let code: string | undefined;
  await expect
    .poll(async () => (code = newestCode(await outboxMessages(dataDir), email, after)), {
      message: `a code emailed to ${email}`,
      timeout: 10_000,
    })
    .toBeDefined();
  return code ?? '';
}

/** Types a code into the six boxes by pasting it into the first, as a phone's autofill does. */
export async function pasteCode(page: Page, code: string) {
  await page.getByLabel('Digit 1 of 6').focus();
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.setData('text', text);
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, code);
}

export interface Account {
  email: string;
  password: string;
  name: string;
  user: { user_id: string; full_name: string };
  accessToken: string;
  refreshToken: string;
}

/** Registers an account through the API (send code, read it from the outbox, verify, sign up). */
export async function registerAccount(
  request: APIRequestContext,
  email = uniqueEmail(),
  password = 'skate-123',
  name = 'Asha Rao',
  /** The data dir of the server `request` talks to (its outbox holds the code). */
  dataDir = process.env.E2E_DATA_DIR,
  store = STORE_ID,
): Promise<Account> {
  const post = async (url: string, data: object) => {
    const res = await request.post(url, { data: { ...data, main_id: store } });
    expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const since = Date.now() - 1000;
  await post('/api/registeruser/api/send-otp', { email });
  const otp = await latestCode(email, since, dataDir);
  const verified = await post('/api/registeruser/api/verify-otp', { email, otp });
  const res = await post('/api/registeruser/api/signup', {
    email,
    signupToken: verified.signupToken,
    password,
    full_name: name,
    mobile: '9876543210',
  });
  return {
    email,
    password,
    name,
    user: res.newUser as Account['user'],
    accessToken: res.accessToken as string,
    refreshToken: res.refreshToken as string,
  };
}

/** Signs the page in as `account` the way the app stores a session, then opens `path`. */
export async function openSignedIn(page: Page, account: Account, path: string) {
  // Written from a same-origin page without the app: a running app (say, one refreshing the
  // previous account's token) could otherwise write its own session over this one.
  await page.goto('/api/health');
  await page.evaluate((a) => {
    localStorage.setItem('user', JSON.stringify(a.user));
    localStorage.setItem('accessToken', a.accessToken);
    localStorage.setItem('refreshToken', a.refreshToken);
  }, account);
  await page.goto(path);
}
