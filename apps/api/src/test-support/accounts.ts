import type {
  ErrorResponse,
  LoginResponse,
  SignupResponse,
  VerifyOtpResponse,
} from '@shop/contracts';
import type { EmailMessage, EmailSender } from '../adapters/email-sender.ts';
import type { TestApp } from './test-app.ts';

/** An email sender that keeps what it sends, for reading codes in tests. */
export function capturingEmail() {
  const sent: EmailMessage[] = [];
  let failing = false;
  const sender: EmailSender = {
    send(message) {
      if (failing) return Promise.reject(new Error('SMTP down'));
      sent.push(message);
      return Promise.resolve();
    },
    close: () => Promise.resolve(),
  };
  return {
    sender,
    sent,
    fail(on: boolean) {
      failing = on;
    },
    /** Runs `fn` while every send is refused ('SMTP down'), then takes mail again. */
    async refusing<T>(fn: () => Promise<T>): Promise<T> {
      failing = true;
      try {
        return await fn();
      } finally {
        failing = false;
      }
    },
    /** Who the messages sent after the first `from` went to, sorted. */
    recipientsSince(from: number): string[] {
      return sent
        .slice(from)
        .map((m) => m.to)
        .sort();
    },
    /** The code in the newest message to `to`. */
    lastCode(to: string): string {
      const message = sent.filter((m) => m.to === to).at(-1);
      const code = message?.text.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no code was emailed to ${to}`);
      return code;
    },
  };
}

let counter = 0;
/** A unique address per call, so tests never share an account or a rate-limit window. */
export const uniqueEmail = (name = 'asha') =>
  `${name}.${Date.now().toString(36)}.${(counter++).toString(36)}@example.com`;

/** A fresh documentation-range address, so per-IP limits only bite where a test wants them. */
export const uniqueIp = () => `2001:db8::${(counter++).toString(16)}`;

/** Calls the API as a browser would, from its own IP address. */
export function client(t: TestApp, ip = uniqueIp(), extraHeaders: Record<string, string> = {}) {
  const call = async <T = Record<string, unknown>>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    token?: string,
  ) => {
    const res = await t.app.inject({
      method,
      url,
      remoteAddress: ip,
      headers: { ...extraHeaders, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body !== undefined && { payload: body as Record<string, unknown> }),
    });
    // An answer may be the success shape or the error shape; tests read both. A file (CSV,
    // PDF) is not JSON: its body reads as an empty object and the test reads `res` itself.
    const json = String(res.headers['content-type'] ?? '').includes('json');
    return {
      status: res.statusCode,
      body: (json ? res.json() : {}) as T & Partial<Pick<ErrorResponse, 'msg' | 'field'>>,
      headers: res.headers,
      res,
    };
  };
  return {
    call,
    get: <T = Record<string, unknown>>(url: string, token?: string) =>
      call<T>('GET', url, undefined, token),
    post: <T = Record<string, unknown>>(url: string, body: unknown, token?: string) =>
      call<T>('POST', url, body, token),
    patch: <T = Record<string, unknown>>(url: string, body: unknown, token?: string) =>
      call<T>('PATCH', url, body, token),
  };
}

export const MAIN = 'urbanroll';
export const PASSWORD = 'skate-or-die-42';

/** Registers an account the way the storefront does: code, verify, details. */
export async function registerUser(
  t: TestApp,
  /** Where the sign-up code is read (capturingEmail, or any reader of the sent mail). */
  mail: Pick<ReturnType<typeof capturingEmail>, 'lastCode'>,
  email = uniqueEmail(),
  ip?: string,
) {
  const c = client(t, ip);
  const sent = await c.post('/api/registeruser/api/send-otp', { email, main_id: MAIN });
  if (sent.status !== 200) throw new Error(`send-otp: ${JSON.stringify(sent.body)}`);
  const otp = mail.lastCode(email);
  const verified = await c.post<VerifyOtpResponse>('/api/registeruser/api/verify-otp', {
    email,
    otp,
    main_id: MAIN,
  });
  if (verified.status !== 200) throw new Error(`verify-otp: ${JSON.stringify(verified.body)}`);
  const res = await c.post<SignupResponse>('/api/registeruser/api/signup', {
    email,
    signupToken: verified.body.signupToken,
    mobile: '9820012345',
    full_name: 'Asha Kulkarni',
    password: PASSWORD,
    main_id: MAIN,
  });
  if (res.status !== 200) throw new Error(`signup: ${JSON.stringify(res.body)}`);
  return { email, ...res.body, userId: res.body.newUser.user_id };
}

export async function login(t: TestApp, email: string, password = PASSWORD) {
  return client(t).post<LoginResponse>('/api/loginuser', { email, password, main_id: MAIN });
}
