import { Zip, ZipPassThrough } from 'fflate';

/**
 * A ZIP made as it is read, for a job's results. Files are stored as they are (pictures are already
 * compressed). `written` hands over what the ZIP made since it was last called, so a generator
 * yields it and reads the next file from the store only once the reader took what came before: a
 * slow or stalled download holds one file in memory, not the whole job (a 500-image job's ZIP runs
 * to gigabytes), and a reader that went away stops it.
 */
export function streamingZip() {
  let failure: Error | null = null;
  let ready: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else ready.push(chunk);
  });
  const written = (): Uint8Array[] => {
    if (failure) throw failure;
    const out = ready;
    ready = [];
    return out;
  };
  const add = (name: string, bytes: Uint8Array) => {
    const entry = new ZipPassThrough(name);
    zip.add(entry);
    entry.push(bytes, true);
  };
  return {
    add,
    addText: (name: string, text: string) => add(name, new TextEncoder().encode(text)),
    written,
    /** Ends the ZIP (its directory of entries) and hands over the last bytes. */
    finish(): Uint8Array[] {
      zip.end();
      return written();
    },
  };
}
