import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

// A local S3-compatible server for tests (npm's s3rver: no Docker, no binary
// to install), on 127.0.0.1 and a free port, with one empty bucket.

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** The S3_* variables an academy needs to use this bucket. */
  env: Record<string, string>;
  stop: () => Promise<void>;
}

export async function startLocalS3(bucket = "academy-test"): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "academy-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  let stopped = false;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      // s3rver's fixed credentials.
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    },
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
