import type { PickedFile } from './api/create-batch-job';

async function walk(entry: FileSystemEntry, out: PickedFile[]): Promise<void> {
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) =>
      (entry as FileSystemFileEntry).file(resolve, reject),
    );
    out.push({ file, path: entry.fullPath.replace(/^\//, '') });
    return;
  }
  if (entry.isDirectory) {
    const reader = (entry as FileSystemDirectoryEntry).createReader();
    // readEntries hands out at most 100 entries a call; call until it returns none.
    for (;;) {
      const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
        reader.readEntries(resolve, reject),
      );
      if (batch.length === 0) break;
      for (const child of batch) await walk(child, out);
    }
  }
}

/** Every file of a drop, folders walked, each with its path inside what was dropped. */
export async function filesOfDrop(transfer: DataTransfer): Promise<PickedFile[]> {
  const entries = Array.from(transfer.items)
    .map((item) => item.webkitGetAsEntry?.() ?? null)
    .filter((e): e is FileSystemEntry => e !== null);
  if (entries.length === 0) return Array.from(transfer.files).map((file) => ({ file, path: file.name }));
  const out: PickedFile[] = [];
  for (const entry of entries) await walk(entry, out);
  return out;
}

/** Files chosen with the picker; a chosen folder's files carry `webkitRelativePath`. */
export function filesOfInput(list: FileList | null): PickedFile[] {
  return Array.from(list ?? []).map((file) => ({ file, path: file.webkitRelativePath || file.name }));
}

const NOISE = /(^|\/)(\.|__MACOSX\/|Thumbs\.db$)/;

/** What is worth sending: images and ZIPs, no hidden files. The server judges each by its content. */
export function worthSending(files: PickedFile[]): PickedFile[] {
  return files.filter(
    ({ file, path }) =>
      !NOISE.test(path) && (/\.(jpe?g|png|webp|zip)$/i.test(path) || file.type.startsWith('image/')),
  );
}
