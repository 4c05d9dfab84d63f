import type { TransferListItem } from 'node:worker_threads';
import type { AlphaMask } from '../providers/matting/matting-engine.ts';

/** Every typed array in `value` (at any depth of plain objects and arrays) replaced by `swap`'s answer. */
function mapTypedArrays<T>(value: T, swap: (item: ArrayBufferView) => ArrayBufferView): T {
  const walk = (item: unknown): unknown => {
    if (ArrayBuffer.isView(item)) return swap(item);
    if (Array.isArray(item)) return item.map(walk);
    if (item !== null && typeof item === 'object')
      return Object.fromEntries(Object.entries(item).map(([key, entry]) => [key, walk(entry)]));
    return item;
  };
  return walk(value) as T;
}

/** A copy of `item`'s bytes in an ArrayBuffer of their own, as the same kind of typed array. */
function ownCopy(item: ArrayBufferView): ArrayBufferView {
  const copy = new Uint8Array(item.byteLength);
  copy.set(new Uint8Array(item.buffer, item.byteOffset, item.byteLength));
  if (item instanceof Uint8Array) return copy;
  const Kind = item.constructor as new (buffer: ArrayBuffer) => ArrayBufferView;
  return new Kind(copy.buffer);
}

/**
 * `value` made ready to cross to another thread by transfer: every typed array replaced by a copy
 * that owns its whole ArrayBuffer, those buffers listed for transfer. For a worker's results, which
 * it no longer needs: sharp's and Node's pooled buffers cannot be transferred, and a copy is a
 * memcpy, where a structured clone of a number array would be a walk over every pixel.
 */
export function handOver<T>(value: T): { value: T; transfer: TransferListItem[] } {
  const transfer: TransferListItem[] = [];
  const moved = mapTypedArrays(value, (item) => {
    const copy = ownCopy(item);
    transfer.push(copy.buffer as ArrayBuffer);
    return copy;
  });
  return { value: moved, transfer };
}

/**
 * `value` made ready to be sent to a worker as a copy, for a sender that keeps its own (the
 * caller's photo): posted with no transfer list, each typed array is copied straight into the
 * message, outside this thread's heap. Copying into a fresh ArrayBuffer here and transferring it
 * allocated each 2000² picture's 12 MB again on the event loop's heap, to be collected there. A
 * typed array that is a part of a bigger buffer (a Buffer from Node's pool) is copied to a buffer
 * of its own first, since a clone carries its whole buffer.
 */
export function sentAsCopy<T>(value: T): T {
  return mapTypedArrays(value, (item) =>
    item.byteOffset === 0 && item.byteLength === item.buffer.byteLength ? item : ownCopy(item),
  );
}

/** A received byte array as a Buffer over the same memory (no copy). */
export const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** A mask as the pixel tasks pass it between threads: one byte a pixel. */
export interface RawMask {
  mask: Uint8Array;
  width: number;
  height: number;
}

/** A received mask as the imaging code takes it, over the same memory. */
export const alphaMask = (m: RawMask): AlphaMask => ({
  mask: asBuffer(m.mask),
  width: m.width,
  height: m.height,
});
