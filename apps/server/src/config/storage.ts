import path from 'node:path';
import { type Env, fail, readBool, readChoice, readRequired } from './read-env.ts';

export interface S3StorageConfig {
  kind: 's3';
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** MinIO and most self-hosted stores need path-style URLs; OSS and COS use virtual hosts. */
  forcePathStyle: boolean;
}

/** Result images: local disk under DATA_DIR by default, or an S3-compatible store (README「存储」). */
export type StorageConfig = { kind: 'local'; dir: string } | S3StorageConfig;

/** Where result images are kept: DATA_DIR/files, or the S3-compatible store STORAGE=s3 names. */
export function readStorage(env: Env, dataDir: string): StorageConfig {
  const kind = readChoice(env, 'STORAGE', ['local', 's3'] as const, 'local');
  if (kind === 'local') return { kind, dir: path.join(dataDir, 'files') };
  const because = 'STORAGE=s3 ';
  const endpoint = readRequired(env, 'S3_ENDPOINT', because);
  if (!/^https?:\/\//.test(endpoint))
    fail('S3_ENDPOINT', endpoint, '应为 https:// 开头的地址，例如 https://oss-cn-shenzhen.aliyuncs.com');
  return {
    kind,
    endpoint,
    bucket: readRequired(env, 'S3_BUCKET', because),
    region: env.S3_REGION?.trim() || 'us-east-1',
    accessKeyId: readRequired(env, 'S3_ACCESS_KEY_ID', because),
    secretAccessKey: readRequired(env, 'S3_SECRET_ACCESS_KEY', because),
    forcePathStyle: readBool(env, 'S3_FORCE_PATH_STYLE', false),
  };
}
