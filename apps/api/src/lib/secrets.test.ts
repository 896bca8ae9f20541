import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateSecret } from './secrets.ts';

const run = promisify(execFile);
const secretsModule = fileURLToPath(new URL('./secrets.ts', import.meta.url));
let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('loadOrCreateSecret', () => {
  it('makes a random secret readable by its owner only, then keeps it', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'secret-'));
    const file = path.join(dir, 'secrets', 'auth-secret');
    const made = loadOrCreateSecret(file);
    expect(made).toMatch(/^[\w-]{64}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadOrCreateSecret(file)).toBe(made);
    expect(readdirSync(path.dirname(file))).toEqual(['auth-secret']);
  });

  it('gives processes that start together one secret', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'secret-'));
    const file = path.join(dir, 'secrets', 'auth-secret');
    const script = `import { loadOrCreateSecret } from ${JSON.stringify(secretsModule)};
process.stdout.write(loadOrCreateSecret(${JSON.stringify(file)}));`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]),
      ),
    );
    const secrets = new Set(answers.map((a) => a.stdout));
    expect(secrets.size).toBe(1);
    expect([...secrets][0]).toBe(readFileSync(file, 'utf8').trim());
    expect(readdirSync(path.dirname(file))).toEqual(['auth-secret']);
  }, 60_000);
});
