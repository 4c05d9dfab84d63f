import { BATCH_LIMITS, type BatchSteps, ResultCode } from '@chuhai/contract';
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { Unzip, type UnzipFile } from 'fflate';
import { AppError } from '../../http/app-error.ts';
import { checkImageUpload, notAnImageReason } from '../../lib/image-upload.ts';
import { ThreadpoolInflate } from './threadpool-inflate.ts';

/** An image accepted into a job: checked, upright, without metadata. */
export interface AcceptedImage {
  name: string;
  bytes: Buffer;
  extension: string;
  contentType: string;
}

export interface Refused {
  name: string;
  reason: string;
}

const MB = 1024 * 1024;
const mb = (bytes: number) => (bytes / MB).toFixed(bytes < 100 * MB ? 1 : 0);

/** `shoes/red/1.jpg` → `shoes__red__1.jpg`: folders flattened, the path kept in the name. */
export function flatName(path: string): string {
  const parts = path.split(/[\\/]+/).filter((p) => p && p !== '.' && p !== '..');
  return parts.join('__').slice(-200) || 'image';
}

/** Files a ZIP carries that nobody meant to upload: folders, macOS resource forks, hidden files. */
function isNoise(path: string): boolean {
  return (
    path.endsWith('/') ||
    path.includes('__MACOSX/') ||
    /(^|\/)\./.test(path) ||
    /(^|\/)Thumbs\.db$/i.test(path)
  );
}

const isZip = (name: string, head: Uint8Array) =>
  /\.zip$/i.test(name) || (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04);

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
  const budget: UnzipBudget = { entries: 0, unpackedBytes: 0, told: false };

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

/** What the ZIPs of one upload may still cost: entries read and bytes unpacked, across all of them. */
interface UnzipBudget {
  entries: number;
  unpackedBytes: number;
  /** Whether the upload was already told that a limit was reached (said once, not per entry). */
  told: boolean;
}

/**
 * Unpacks one ZIP as it streams, off the event loop (`ThreadpoolInflate`). An entry that says it
 * unpacks past 10 MB is refused before any inflating; one that lies is stopped at 10 MB; and the
 * upload's entries and unpacked bytes are capped together, so no ZIP costs more than its images could.
 */
async function unzipInto(
  zipName: string,
  head: Uint8Array,
  reader: AsyncIterator<Buffer>,
  take: (name: string, bytes: Buffer) => Promise<void>,
  refused: Refused[],
  budget: UnzipBudget,
) {
  const entries: { name: string; bytes: Buffer }[] = [];
  const pending: Promise<void>[] = [];
  /** Entries started and not yet ended, each with how to stop it. */
  const unfinished = new Set<(reason: string) => void>();
  let broken = false;
  const overBudget = (reason: string) => {
    if (budget.told) return;
    budget.told = true;
    refused.push({ name: zipName, reason });
  };
  const unzip = new Unzip((file: UnzipFile) => {
    budget.entries += 1;
    if (budget.entries > BATCH_LIMITS.maxZipEntries) {
      overBudget(`压缩包里的文件超过 ${BATCH_LIMITS.maxZipEntries} 个，其余的没有处理，请分批上传`);
      return;
    }
    if (isNoise(file.name)) return;
    const name = flatName(file.name);
    if (/\.zip$/i.test(file.name)) {
      refused.push({ name, reason: '压缩包里的压缩包不处理，请解开后再上传' });
      return;
    }
    if ((file.originalSize ?? 0) > BATCH_LIMITS.maxEntryBytes) {
      refused.push({ name, reason: `解压后有 ${mb(file.originalSize ?? 0)} MB，超过 10 MB 的上限，已跳过` });
      return;
    }
    if (budget.unpackedBytes >= BATCH_LIMITS.maxUnpackedBytes) {
      overBudget(`解压后的总量超过 ${mb(BATCH_LIMITS.maxUnpackedBytes)} MB，其余的没有处理，请分批上传`);
      return;
    }
    pending.push(
      new Promise<void>((settle) => {
        const chunks: Uint8Array[] = [];
        let size = 0;
        const done = () => {
          unfinished.delete(stop);
          settle();
        };
        const stop = (reason: string) => {
          file.terminate();
          refused.push({ name, reason });
          done();
        };
        unfinished.add(stop);
        file.ondata = (error, chunk, final) => {
          if (error) return stop('压缩包里的这个文件已损坏');
          // Judged by its first unpacked bytes: a file that is no image is not unpacked further.
          const notImage =
            size === 0 && chunk.length >= 12
              ? notAnImageReason(Buffer.from(chunk.buffer, chunk.byteOffset, Math.min(chunk.length, 256)))
              : null;
          if (notImage) return stop(notImage);
          size += chunk.length;
          budget.unpackedBytes += chunk.length;
          if (size > BATCH_LIMITS.maxEntryBytes) return stop('解压后超过 10 MB，已跳过');
          if (budget.unpackedBytes > BATCH_LIMITS.maxUnpackedBytes) {
            overBudget(
              `解压后的总量超过 ${mb(BATCH_LIMITS.maxUnpackedBytes)} MB，其余的没有处理，请分批上传`,
            );
            return stop('解压后的总量已到上限，没有处理');
          }
          chunks.push(chunk);
          if (final) {
            entries.push({ name, bytes: Buffer.concat(chunks) });
            done();
          }
        };
        try {
          file.start();
        } catch {
          refused.push({ name, reason: '压缩方式不支持（只支持常见的 ZIP 压缩）' });
          done();
        }
      }),
    );
  });
  const unpacking = new Set<Promise<void>>();
  unzip.register(ThreadpoolInflate.for(unpacking));
  const push = (chunk: Uint8Array, final: boolean) => {
    try {
      unzip.push(chunk, final);
    } catch {
      broken = true;
    }
  };
  // The entries whose packed bytes have all arrived are unpacked and checked before the next chunk
  // is read: the upload waits for the thread pool, and few images wait in memory. (An entry whose
  // bytes go on in the next chunk cannot end before that chunk is read.)
  const drain = async (last = false) => {
    await Promise.all([...unpacking]);
    // At the end, an entry still waiting for bytes will never get them (the ZIP stopped short).
    if (last) for (const stop of [...unfinished]) stop('压缩包在这个文件中途断了，文件不完整');
    await Promise.all(last ? pending.splice(0) : []);
    while (entries.length > 0) {
      const entry = entries.shift() as { name: string; bytes: Buffer };
      await take(entry.name, entry.bytes);
    }
  };
  push(head, false);
  await drain();
  // A broken ZIP is still read to its end: the form's other parts come after it.
  for (let next = await reader.next(); !next.done; next = await reader.next()) {
    if (broken) continue;
    push(next.value, false);
    await drain();
  }
  if (!broken) push(new Uint8Array(), true);
  await drain(true);
  if (broken) refused.push({ name: zipName, reason: 'ZIP 文件已损坏，已处理能读出的部分' });
}
