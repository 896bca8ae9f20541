import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** The S3_* settings that point the API at a stand-in. */
export interface S3StandInSettings {
  S3_BUCKET: string;
  S3_REGION: string;
  S3_ENDPOINT: string;
  S3_FORCE_PATH_STYLE: 'true';
  S3_ACCESS_KEY_ID: string;
  S3_SECRET_ACCESS_KEY: string;
}

export interface S3StandIn {
  env: S3StandInSettings;
  /** The same settings as the parsed config has them. */
  config: Omit<S3StandInSettings, 'S3_FORCE_PATH_STYLE'> & { S3_FORCE_PATH_STYLE: true };
  /** Stops answering (a bucket that is down); `start()` brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and deletes its files. */
  dispose(): Promise<void>;
}

/**
 * An S3-compatible server in this process (s3rver, from the npm registry), its objects in a temp
 * folder, with one bucket: what the API tests and the cluster test store images in.
 */
export async function startS3StandIn(bucket = 'shop-media', port = 0): Promise<S3StandIn> {
  const directory = mkdtempSync(path.join(tmpdir(), 'shop-s3-'));
  const make = (p: number) =>
    new S3rver({
      port: p,
      address: '127.0.0.1',
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
  let server = make(port);
  const { port: bound } = await server.run();
  let running = true;
  const env: S3StandInSettings = {
    S3_BUCKET: bucket,
    S3_REGION: 'auto',
    S3_ENDPOINT: `http://127.0.0.1:${String(bound)}`,
    S3_FORCE_PATH_STYLE: 'true',
    // s3rver's fixed credentials.
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  const stop = async () => {
    if (!running) return;
    running = false;
    await server.close();
  };
  return {
    env,
    config: { ...env, S3_FORCE_PATH_STYLE: true },
    stop,
    async start() {
      if (running) return;
      server = make(bound);
      await server.run();
      running = true;
    },
    async dispose() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
