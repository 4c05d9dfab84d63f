import { BATCH_LIMITS } from '@chuhai/contract';
import { Unzip, type UnzipFile } from 'fflate';
import { notAnImageReason } from './image-upload.ts';
import { ThreadpoolInflate } from './threadpool-inflate.ts';

/** A file of an upload that was not taken, and why (in Chinese). */
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
export function isNoise(path: string): boolean {
  return (
    path.endsWith('/') ||
    path.includes('__MACOSX/') ||
    /(^|\/)\./.test(path) ||
    /(^|\/)Thumbs\.db$/i.test(path)
  );
}

export const isZip = (name: string, head: Uint8Array) =>
  /\.zip$/i.test(name) || (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04);

/** What the ZIPs of one upload may still cost: entries read and bytes unpacked, across all of them. */
export interface UnzipBudget {
  /** How many entries and unpacked bytes the upload may cost in all (batch: 1,000 and 600 MB). */
  limits: { maxZipEntries: number; maxUnpackedBytes: number };
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
export async function unzipInto(
  zipName: string,
  head: Uint8Array,
  reader: AsyncIterator<Buffer>,
  take: (name: string, bytes: Buffer) => Promise<void>,
  refused: Refused[],
  budget: UnzipBudget,
  /** An entry's path as the messages and `take` name it: folders flattened unless told otherwise. */
  nameOf: (path: string) => string = flatName,
) {
  /** Unpacked entries not yet taken, each with its place in the ZIP. */
  const entries: { name: string; bytes: Buffer; order: number }[] = [];
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
    if (budget.entries > budget.limits.maxZipEntries) {
      overBudget(`压缩包里的文件超过 ${budget.limits.maxZipEntries} 个，其余的没有处理，请分批上传`);
      return;
    }
    if (isNoise(file.name)) return;
    const name = nameOf(file.name);
    const order = budget.entries;
    if (/\.zip$/i.test(file.name)) {
      refused.push({ name, reason: '压缩包里的压缩包不处理，请解开后再上传' });
      return;
    }
    if ((file.originalSize ?? 0) > BATCH_LIMITS.maxEntryBytes) {
      refused.push({ name, reason: `解压后有 ${mb(file.originalSize ?? 0)} MB，超过 10 MB 的上限，已跳过` });
      return;
    }
    if (budget.unpackedBytes >= budget.limits.maxUnpackedBytes) {
      overBudget(`解压后的总量超过 ${mb(budget.limits.maxUnpackedBytes)} MB，其余的没有处理，请分批上传`);
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
          if (budget.unpackedBytes > budget.limits.maxUnpackedBytes) {
            overBudget(
              `解压后的总量超过 ${mb(budget.limits.maxUnpackedBytes)} MB，其余的没有处理，请分批上传`,
            );
            return stop('解压后的总量已到上限，没有处理');
          }
          chunks.push(chunk);
          if (final) {
            entries.push({ name, bytes: Buffer.concat(chunks), order });
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
    // The pool ends entries in any order; they are taken in the ZIP's (an entry that spans two
    // chunks is the last one started, so nothing taken before it comes after it in the ZIP).
    entries.sort((a, b) => a.order - b.order);
    while (entries.length > 0) {
      const entry = entries.shift() as (typeof entries)[number];
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
