import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, missingSharedSecrets } from './config.ts';

const DB = { DATABASE_URL: 'postgres://shop@db.internal:5432/shop' };
const secrets = {
  AUTH_SECRET: 'a'.repeat(40),
  RAZORPAY_KEY_SECRET: 'k'.repeat(24),
  RAZORPAY_WEBHOOK_SECRET: 'w'.repeat(24),
};

describe('secrets a shop of several processes must set (issue 32)', () => {
  it('names each secret that would be generated on one machine', () => {
    expect(missingSharedSecrets(loadConfig({ ...DB, CLUSTER: 'true' }))).toEqual([
      'AUTH_SECRET',
      'RAZORPAY_KEY_SECRET',
      'RAZORPAY_WEBHOOK_SECRET',
    ]);
    // A bucket means several processes are expected too.
    expect(
      missingSharedSecrets(
        loadConfig({ ...DB, S3_BUCKET: 'shop', AUTH_SECRET: secrets.AUTH_SECRET }),
      ),
    ).toEqual(['RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET']);
    // Razorpay with keys from the environment: its webhook secret must be set, not generated.
    expect(
      missingSharedSecrets(
        loadConfig({
          ...DB,
          CLUSTER: 'true',
          AUTH_SECRET: secrets.AUTH_SECRET,
          PAYMENT_GATEWAY: 'razorpay',
          RAZORPAY_KEY_ID: 'rzp_live_x',
          RAZORPAY_KEY_SECRET: 'secret',
        }),
      ),
    ).toEqual(['RAZORPAY_WEBHOOK_SECRET']);
    expect(missingSharedSecrets(loadConfig({ ...DB, CLUSTER: 'true', ...secrets }))).toEqual([]);
  });

  it('lets the single-machine shop generate them', () => {
    expect(missingSharedSecrets(loadConfig({}))).toEqual([]);
    expect(missingSharedSecrets(loadConfig({ ...DB }))).toEqual([]);
    // The embedded database is one process's anyway.
    expect(missingSharedSecrets(loadConfig({ CLUSTER: 'true', S3_BUCKET: 'shop' }))).toEqual([]);
  });

  it('reads the S3 settings and refuses half of them', () => {
    const c = loadConfig({
      S3_BUCKET: 'shop',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
      MEDIA_PUBLIC_URL: 'https://media.example.in/',
    });
    expect(c).toMatchObject({
      S3_REGION: 'auto',
      S3_FORCE_PATH_STYLE: true,
      MEDIA_PUBLIC_URL: 'https://media.example.in',
    });
    expect(() => loadConfig({ S3_BUCKET: 'shop', S3_ACCESS_KEY_ID: 'x' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET/);
  });
});

describe('EMAIL_FROM', () => {
  const smtp = { SMTP_URL: 'smtps://shop:pass@smtp.example.com:465' };
  it("a real shop sending real mail must name its sender: never the demo shop's", () => {
    expect(() => loadConfig({ SEED_DEMO: 'false', ...smtp })).toThrow(/EMAIL_FROM: set the sender/);
    expect(() => loadConfig({ SEED_DEMO: 'false', ...smtp, EMAIL_FROM: ' ' })).toThrow(
      /EMAIL_FROM/,
    );
    expect(
      loadConfig({ SEED_DEMO: 'false', ...smtp, EMAIL_FROM: 'Chai Wala <orders@chaiwala.in>' })
        .EMAIL_FROM,
    ).toBe('Chai Wala <orders@chaiwala.in>');
  });

  it('without real mail: the demo keeps its sender, a real shop writes from no-reply@localhost', () => {
    expect(loadConfig({}).EMAIL_FROM).toBe('Urban Roll <no-reply@urbanroll.example>');
    expect(loadConfig({ ...smtp }).EMAIL_FROM).toBe('Urban Roll <no-reply@urbanroll.example>');
    expect(loadConfig({ SEED_DEMO: 'false' }).EMAIL_FROM).toBe('no-reply@localhost');
  });
});

describe('STORE_HOSTS (decision 0051)', () => {
  it('reads store=host pairs: lower-cased, https unless the entry names its scheme', () => {
    expect(loadConfig({}).STORE_HOSTS).toBeUndefined();
    expect(loadConfig({ STORE_HOSTS: '' }).STORE_HOSTS).toBeUndefined();
    expect(
      loadConfig({
        STORE_HOSTS:
          ' urbanroll=Shop.Example.in, threadline=team.example.in,urbanroll=www.shop.example.in, demo=http://localhost:3001/',
      }).STORE_HOSTS,
    ).toEqual([
      { storeId: 'urbanroll', host: 'shop.example.in', origin: 'https://shop.example.in' },
      { storeId: 'threadline', host: 'team.example.in', origin: 'https://team.example.in' },
      { storeId: 'urbanroll', host: 'www.shop.example.in', origin: 'https://www.shop.example.in' },
      { storeId: 'demo', host: 'localhost:3001', origin: 'http://localhost:3001' },
    ]);
  });

  it('refuses a malformed value, naming the variable and what is wrong', () => {
    const refused = (value: string) => () => loadConfig({ STORE_HOSTS: value });
    expect(refused('shop.example.in')).toThrow(
      /STORE_HOSTS: "shop.example.in" is not store=host; write e.g. urbanroll=shop.example.in/,
    );
    expect(refused('Urban Roll=shop.example.in')).toThrow(
      /STORE_HOSTS: "Urban Roll" in "Urban Roll=shop.example.in" is not a store id/,
    );
    expect(refused('urbanroll=shop.example.in/admin')).toThrow(
      /STORE_HOSTS: "shop.example.in\/admin" in .* is not a host name/,
    );
    expect(refused('urbanroll=')).toThrow(/STORE_HOSTS: "" in "urbanroll=" is not a host name/);
    expect(refused('urbanroll=a.example.in,threadline=A.example.in')).toThrow(
      /STORE_HOSTS: the host a.example.in is given to both urbanroll and threadline/,
    );
    expect(refused(' , ')).toThrow(/STORE_HOSTS: no store=host pair/);
  });
});

describe('the server start', () => {
  it('refuses, naming each secret, before it opens the database', () => {
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const k of Object.keys(env)) if (/^(AUTH_|RAZORPAY_|S3_|CLUSTER)/.test(k)) delete env[k];
    const res = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: path.join(import.meta.dirname, '..', '..'),
      // (nothing listens on port 1: the start must stop before it tries)
      env: { ...env, DATABASE_URL: 'postgres://shop@127.0.0.1:1/shop', CLUSTER: 'true' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(res.status).toBe(1);
    expect(res.stderr).toMatch(
      /Refusing to start: .*set AUTH_SECRET, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET/,
    );
  }, 60_000);
});
