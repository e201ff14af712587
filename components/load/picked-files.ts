/**
 * Files from a picker or a drop, with their paths inside picked folders: a folder picker gives
 * `webkitRelativePath`; a dropped folder is walked through its FileSystemEntry tree.
 */
import type { PickedFile } from '../../lib/worker/protocol';

/** Hidden files and OS litter never belong to a history. */
const IGNORED = /(^|\/)(\.|__MACOSX\/|Thumbs\.db$)/;

export function pickedFromList(list: FileList | readonly File[]): PickedFile[] {
  return [...list]
    .map((file) => ({ file, path: file.webkitRelativePath || file.name }))
    .filter((f) => !IGNORED.test(f.path))
    .sort((a, b) => a.path.localeCompare(b.path));
}

function readEntries(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => reader.readEntries(resolve, reject));
}

async function walk(entry: FileSystemEntry, out: PickedFile[]): Promise<void> {
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) =>
      (entry as FileSystemFileEntry).file(resolve, reject),
    );
    out.push({ file, path: entry.fullPath.replace(/^\//, '') });
    return;
  }
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  // readEntries returns at most 100 entries per call: read until it returns none.
  for (let batch = await readEntries(reader); batch.length > 0; batch = await readEntries(reader)) {
    for (const child of batch) await walk(child, out);
  }
}

/** Everything dropped, folders included. */
export async function pickedFromDrop(data: DataTransfer): Promise<PickedFile[]> {
  const entries = [...data.items]
    .map((item) => item.webkitGetAsEntry?.())
    .filter((e): e is FileSystemEntry => !!e);
  if (entries.length === 0) return pickedFromList(data.files);
  const out: PickedFile[] = [];
  for (const entry of entries) await walk(entry, out);
  return out.filter((f) => !IGNORED.test(f.path)).sort((a, b) => a.path.localeCompare(b.path));
}
