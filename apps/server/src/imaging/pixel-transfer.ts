import type { TransferListItem } from 'node:worker_threads';

/**
 * `value` made ready to cross to another thread: every typed array in it (at any depth of plain
 * objects and arrays) replaced by a copy that owns its whole ArrayBuffer, those buffers listed for
 * transfer. Copied, because the sender may still use its own (a photo's bytes), and because sharp's
 * and Node's pooled buffers cannot be transferred; a copy is a memcpy, a structured clone of a
 * number array would be a walk over every pixel.
 */
export function handOver<T>(value: T): { value: T; transfer: TransferListItem[] } {
  const transfer: TransferListItem[] = [];
  const walk = (item: unknown): unknown => {
    if (ArrayBuffer.isView(item)) {
      const bytes = new Uint8Array(item.buffer, item.byteOffset, item.byteLength);
      const copy = new Uint8Array(bytes.byteLength);
      copy.set(bytes);
      transfer.push(copy.buffer);
      if (item instanceof Uint8Array) return copy;
      const Kind = item.constructor as new (buffer: ArrayBuffer) => ArrayBufferView;
      return new Kind(copy.buffer);
    }
    if (Array.isArray(item)) return item.map(walk);
    if (item !== null && typeof item === 'object')
      return Object.fromEntries(Object.entries(item).map(([key, entry]) => [key, walk(entry)]));
    return item;
  };
  return { value: walk(value) as T, transfer };
}

/** A received byte array as a Buffer over the same memory (no copy). */
export const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
