import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../../config.ts';
import { contentTypeOf, type FileStore, isSafeKey } from './file-store.ts';

/** Any S3-compatible store (MinIO, 阿里云 OSS, 腾讯云 COS, AWS S3) through the official AWS SDK. */
export function s3FileStore(config: S3StorageConfig): FileStore {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  });
  const check = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`unsafe file key: ${key}`);
    return key;
  };
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: check(key),
          Body: bytes,
          ContentType: contentType,
        }),
      );
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: check(key) }));
        const bytes = Buffer.from(
          await (object.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
        );
        return { bytes, contentType: object.ContentType ?? contentTypeOf(key) };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: check(key) }));
    },
  };
}
