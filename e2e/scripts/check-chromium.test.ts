import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const script = path.join(import.meta.dirname, 'check-chromium.js');
const run = (chromiumPath: string) => {
  const started = Date.now();
  const result = spawnSync(process.execPath, [script], {
    env: { ...process.env, CHROMIUM_PATH: chromiumPath },
    encoding: 'utf8',
  });
  return { ...result, ms: Date.now() - started };
};

describe('check-chromium', () => {
  it('stops at once with the install command and the CHROMIUM_PATH alternative', () => {
    const missing = path.join(tmpdir(), 'no-such-dir', 'chromium');
    const result = run(missing);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`CHROMIUM_PATH=${missing} does not exist`);
    expect(result.stderr).toContain('sudo apt-get install chromium');
    expect(result.stderr).toContain('CHROMIUM_PATH=/path/to/chrome npm test');
    expect(result.stdout).toBe('');
    expect(result.ms).toBeLessThan(5_000);
  });

  it('refuses a file that cannot be executed', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'chromium-check-')), 'chromium');
    writeFileSync(file, '', { mode: 0o644 });
    const result = run(file);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('is not executable');
  });

  it('passes quietly when CHROMIUM_PATH names an executable', () => {
    const result = run(process.execPath);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
  });
});
