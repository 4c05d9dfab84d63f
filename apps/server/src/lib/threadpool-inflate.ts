import { createInflateRaw, type InflateRaw } from 'node:zlib';
import type { AsyncFlateStreamHandler, UnzipDecoder } from 'fflate';

/**
 * A ZIP entry's deflate data inflated by node:zlib on libuv's thread pool instead of fflate's
 * inflate on the event loop: a ZIP of many 10 MB runs of zeros used to freeze every other request
 * for seconds while it unpacked. Plugs into fflate's `Unzip` (which still reads the ZIP's headers,
 * cheaply, as the upload streams).
 */
export class ThreadpoolInflate implements UnzipDecoder {
  static readonly compression = 8;
  ondata: AsyncFlateStreamHandler = () => {};
  readonly #stream: InflateRaw;
  readonly #unpacking: Set<Promise<void>>;
  #done = false;
  #finished: () => void = () => {};

  /**
   * A decoder class for one upload: `unpacking` holds, for each entry whose packed bytes have all
   * arrived, a promise of its end, so the upload can wait for those (and not for an entry whose
   * bytes are still to come in the next chunk).
   */
  static for(unpacking: Set<Promise<void>>) {
    return class extends ThreadpoolInflate {
      constructor() {
        super(unpacking);
      }
    };
  }

  constructor(unpacking: Set<Promise<void>>) {
    this.#unpacking = unpacking;
    // Large output pieces: fewer callbacks on the event loop per unpacked megabyte.
    this.#stream = createInflateRaw({ chunkSize: 256 * 1024 });
    this.#stream.on('data', (chunk: Buffer) => {
      // zlib's output buffers are plain ArrayBuffers; TypeScript only knows them as ArrayBufferLike.
      if (!this.#done) this.ondata(null, chunk as Uint8Array<ArrayBuffer>, false);
    });
    this.#stream.on('end', () => this.#finish(null));
    this.#stream.on('error', (error) => this.#finish(error));
  }

  push(chunk: Uint8Array, final: boolean): void {
    if (this.#done) return;
    // fflate reuses the buffer behind `chunk`; zlib reads it later, on another thread.
    this.#stream.write(Buffer.from(chunk));
    if (!final) return;
    const ended = new Promise<void>((resolve) => {
      this.#finished = resolve;
    });
    this.#unpacking.add(ended);
    void ended.then(() => this.#unpacking.delete(ended));
    this.#stream.end();
  }

  terminate(): void {
    this.#done = true;
    this.#stream.destroy();
    this.#finished();
  }

  #finish(error: Error | null): void {
    if (this.#done) return;
    this.#done = true;
    this.#finished();
    // fflate's handler types its error as its own FlateError; a zlib error carries the same message.
    this.ondata(error as Parameters<AsyncFlateStreamHandler>[0], new Uint8Array(), true);
  }
}
