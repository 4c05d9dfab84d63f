import { BATCH_LIMITS, type BatchSteps, ResultCode } from '@chuhai/contract';
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { checkImageUpload } from '../../lib/image-upload.ts';
import { flatName, isZip, type Refused, type UnzipBudget, unzipInto } from '../../lib/unzip-images.ts';

export type { Refused };

/** An image accepted into a job: checked, upright, without metadata. */
export interface AcceptedImage {
  name: string;
  bytes: Buffer;
  extension: string;
  contentType: string;
}

const MB = 1024 * 1024;

/** A 批量处理 upload's parts as they stream in (the route opens them: `batchUploadParts`). */
export type BatchUploadParts = AsyncIterableIterator<Multipart>;

/** Opens a request's multipart body for a batch: 400 when it is not one. */
export function batchUploadParts(request: FastifyRequest): BatchUploadParts {
  if (!request.isMultipart())
    throw new AppError(ResultCode.badRequest, '请用 multipart/form-data 上传图片或 ZIP');
  return request.parts({
    // `parts` too: the app-wide limit (one image tool's 10 files) refused a 30-file batch with 413.
    limits: {
      fileSize: BATCH_LIMITS.maxBytes,
      files: BATCH_LIMITS.maxImages,
      fields: 5,
      fieldSize: 4096,
      parts: BATCH_LIMITS.maxImages + 5,
    },
  });
}

/**
 * Reads a 批量处理 upload as it streams: the `steps` field first, then any number of images and
 * ZIPs of images. Every file is judged by its content; a refused one is named with the reason and
 * costs nothing. A ZIP is unpacked entry by entry off the event loop, within the limits of
 * `unzipInto`, and at most 500 images or 500 MB are taken in all.
 */
export async function readBatchUpload(
  parts: BatchUploadParts,
  readSteps: (raw: string) => BatchSteps,
  accept: (image: AcceptedImage) => Promise<void>,
): Promise<{ steps: BatchSteps; accepted: number; refused: Refused[] }> {
  let steps: BatchSteps | null = null;
  const refused: Refused[] = [];
  let accepted = 0;
  let acceptedBytes = 0;
  const budget: UnzipBudget = { limits: BATCH_LIMITS, entries: 0, unpackedBytes: 0, told: false };

  const take = async (name: string, bytes: Buffer) => {
    if (accepted >= BATCH_LIMITS.maxImages) {
      refused.push({ name, reason: `超过一次 ${BATCH_LIMITS.maxImages} 张的上限，请分批上传` });
      return;
    }
    if (acceptedBytes + bytes.length > BATCH_LIMITS.maxBytes) {
      refused.push({ name, reason: `超过一次 ${BATCH_LIMITS.maxBytes / MB} MB 的上限，请分批上传` });
      return;
    }
    try {
      const checked = await checkImageUpload(bytes, '文件');
      await accept({
        name,
        bytes: checked.bytes,
        extension: checked.format === 'jpeg' ? 'jpg' : checked.format,
        contentType: checked.contentType,
      });
      accepted += 1;
      acceptedBytes += bytes.length;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refused.push({ name, reason: error.message.replace(/^文件[：，]?/, '') });
    }
  };

  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.fieldname === 'steps') steps = readSteps(String(part.value ?? ''));
      continue;
    }
    if (!steps) throw new AppError(ResultCode.badRequest, 'steps 字段要放在文件之前');
    const name = flatName(part.filename || `图片${accepted + refused.length + 1}`);
    const reader = part.file[Symbol.asyncIterator]();
    const first = await reader.next();
    const head: Uint8Array = first.done ? new Uint8Array() : first.value;
    if (isZip(name, head)) {
      await unzipInto(name, head, reader, take, refused, budget);
      continue;
    }
    const chunks: Buffer[] = first.done ? [] : [first.value as Buffer];
    let size = head.length;
    for (let next = await reader.next(); !next.done; next = await reader.next()) {
      size += next.value.length;
      if (size > BATCH_LIMITS.maxEntryBytes) {
        // Drain the rest without keeping it: the file is refused whatever follows.
        chunks.length = 0;
        continue;
      }
      chunks.push(next.value as Buffer);
    }
    if (size > BATCH_LIMITS.maxEntryBytes)
      refused.push({ name, reason: `有 ${(size / MB).toFixed(1)} MB，超过 10 MB 的上限，请压缩后再上传` });
    else await take(name, Buffer.concat(chunks));
  }
  if (!steps) throw new AppError(ResultCode.badRequest, '缺少 steps 字段');
  return { steps, accepted, refused };
}
