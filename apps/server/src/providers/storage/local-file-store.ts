import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { contentTypeOf, type FileStore, isSafeKey } from './file-store.ts';

/** Files under `${DATA_DIR}/files`, written to a temporary name first so a reader never sees half a file. */
export function localFileStore(root: string): FileStore {
  const pathOf = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`unsafe file key: ${key}`);
    return path.join(root, ...key.split('/'));
  };
  return {
    kind: 'local',
    async put(key, bytes) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Its own temporary name per write: two writes of one key at once (a task's run and the run
      // that took it over) each rename a whole file, the last one wins.
      const temporary = `${target}.${process.pid}.${randomUUID()}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, target);
    },
    async get(key) {
      try {
        return { bytes: await readFile(pathOf(key)), contentType: contentTypeOf(key) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
