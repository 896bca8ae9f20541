import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { asc, sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../client.ts';
import { inquiries } from './content.ts';

/**
 * Migration 0025 (enquiry details) moves parent_name, dob and age out of the remark's last line
 * into their columns. The rows are written as they were before it: on a database migrated up to
 * 0024 only, then the migrations are completed and the rows read back.
 */

/** The remark as the former enquiryRemark (packages/domain, until migration 0025) wrote it. */
function oldRemark(
  message: string,
  d: { parentName: string; dob: string; age: number | null },
): string {
  if (d.parentName === '' && d.dob === '' && d.age === null) return message;
  const details = JSON.stringify({ parent_name: d.parentName, dob: d.dob, age: d.age });
  return `${message}${message === '' ? '' : '\n\n'}[enquiry details] ${details}`;
}

const shipped = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** A copy of the migrations folder that stops before 0025. */
function migrationsBefore0025(): string {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-0024-'));
  cpSync(shipped, dir, { recursive: true });
  const journalFile = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  journal.entries = journal.entries.filter((e) => e.idx < 25);
  expect(journal.entries.at(-1)?.tag).toBe('0024_admin-session-scope');
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

interface Target {
  name: string;
  /** A database migrated up to 0024, and how to finish with it. */
  open(before: string): Promise<{ handle: DatabaseHandle; dispose(): Promise<void> }>;
}

const targets: Target[] = [
  {
    name: 'pglite',
    async open(before) {
      const handle = openDatabase({});
      await migratePglite(handle.db as never, { migrationsFolder: before });
      return { handle, dispose: () => handle.close() };
    },
  },
];
const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) {
  targets.push({
    name: 'postgres',
    async open(before) {
      const name = `shop_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`).finally(() => admin.end());
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const handle = openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
      await migratePg(handle.db as never, { migrationsFolder: before });
      return {
        handle,
        async dispose() {
          await handle.close();
          const again = new pg.Client({ connectionString: adminUrl });
          await again.connect();
          await again.query(`DROP DATABASE IF EXISTS ${name}`).finally(() => again.end());
        },
      };
    },
  });
}

const none = { parentName: '', dob: '', age: null };
/** Each row's remark as written before 0025, and what 0025 must make of it. */
const cases: {
  what: string;
  remark: string;
  after: { remark: string; parentName: string; dob: string | null; age: number | null };
}[] = [
  {
    what: 'a message with every detail',
    remark: oldRemark('Weekend batches at Andheri?', {
      parentName: 'Meera Rao',
      dob: '2015-04-12',
      age: 9,
    }),
    after: {
      remark: 'Weekend batches at Andheri?',
      parentName: 'Meera Rao',
      dob: '2015-04-12',
      age: 9,
    },
  },
  {
    what: 'details without a message',
    remark: oldRemark('', { parentName: '', dob: '', age: 0 }),
    after: { remark: '', parentName: '', dob: null, age: 0 },
  },
  {
    what: 'a message without details',
    remark: oldRemark('Just a question.', none),
    after: { remark: 'Just a question.', parentName: '', dob: null, age: null },
  },
  {
    what: 'a name needing JSON escapes, and a message holding a details line of its own',
    remark: oldRemark('a\n\n[enquiry details] {"parent_name":"x","dob":"","age":1}\nb', {
      parentName: 'Meera "M" \\ Rao\tRé 😀 \u0001 ] {',
      dob: '',
      age: 120,
    }),
    after: {
      remark: 'a\n\n[enquiry details] {"parent_name":"x","dob":"","age":1}\nb',
      parentName: 'Meera "M" \\ Rao\tRé 😀 \u0001 ] {',
      dob: null,
      age: 120,
    },
  },
  {
    what: 'a date of birth that is no calendar day (the former check let it through)',
    remark: oldRemark('Hi', { parentName: 'Asha', dob: '2019-02-30', age: 5 }),
    after: { remark: 'Hi', parentName: 'Asha', dob: null, age: 5 },
  },
  {
    what: 'a details line that is not the last line',
    remark: 'Hi\n\n[enquiry details] {"parent_name":"Asha","dob":"","age":5}\nThanks',
    after: {
      remark: 'Hi\n\n[enquiry details] {"parent_name":"Asha","dob":"","age":5}\nThanks',
      parentName: '',
      dob: null,
      age: null,
    },
  },
  {
    what: 'a details line that is not the writer’s JSON',
    remark: 'Hi\n\n[enquiry details] {"age":5}',
    after: { remark: 'Hi\n\n[enquiry details] {"age":5}', parentName: '', dob: null, age: null },
  },
  {
    what: 'a name PostgreSQL cannot read as JSON (a lone surrogate)',
    remark: oldRemark('Hi', { parentName: '\ud800', dob: '', age: 3 }),
    after: {
      remark: 'Hi\n\n[enquiry details] {"parent_name":"\\ud800","dob":"","age":3}',
      parentName: '',
      dob: null,
      age: null,
    },
  },
];

describe.each(targets)('migration 0025 (enquiry details) on $name', (target) => {
  let before: string;
  let db: { handle: DatabaseHandle; dispose(): Promise<void> };
  beforeAll(async () => {
    before = migrationsBefore0025();
    db = await target.open(before);
    const { handle } = db;
    await handle.db.execute(sql`insert into stores (id, name) values ('s1', 'Shop')`);
    for (const [i, c] of cases.entries()) {
      await handle.db.execute(
        sql`insert into inquiries (store_id, name, mobile, email, remark, created_at)
            values ('s1', ${`n${i}`}, '9820012345', 'a@example.com', ${c.remark},
                    ${new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString()})`,
      );
    }
    await handle.migrate();
  });
  afterAll(async () => {
    await db?.dispose();
    if (before) rmSync(before, { recursive: true, force: true });
  });

  it('moves the details line of each old row into the columns, and leaves anything else', async () => {
    const rows = await db.handle.db
      .select({
        remark: inquiries.remark,
        parentName: inquiries.parentName,
        dob: inquiries.dob,
        age: inquiries.age,
      })
      .from(inquiries)
      .orderBy(asc(inquiries.createdAt));
    expect(rows).toHaveLength(cases.length);
    for (const [i, c] of cases.entries()) {
      expect({ what: c.what, ...rows[i] }).toEqual({ what: c.what, ...c.after });
    }
  });
});
