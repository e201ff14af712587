/**
 * Files from a picker or a drop, with their paths inside picked folders: a folder picker gives
 * `webkitRelativePath`; a dropped folder is walked through its FileSystemEntry tree.
 */
import type { ChangeEvent } from 'react';
import type { PickedFile } from '../../lib/worker/protocol';

/** Hidden files and OS litter never belong to a history. */
const IGNORED = /(^|\/)(\.|__MACOSX\/|Thumbs\.db$)/;

/**
 * A file input's change handler: takes the picked files, clears the input (so picking the same
 * files again fires a change), and hands them to `use` in a task of its own. The browser hands a
 * page the files of a picked folder in the task the change event comes in (~110-230 ms here for
 * 500 files, on a blank page too); loading them in that same task added the app's ~70 ms to it
 * and made it the page's longest (issue 26: no task over 200 ms). The page can paint and take
 * input between the two.
 */
export function onFilesPicked(
  use: (files: PickedFile[]) => void,
): (event: ChangeEvent<HTMLInputElement>) => void {
  return (event) => {
    const files = event.target.files ? [...event.target.files] : [];
    event.target.value = '';
    if (files.length > 0) setTimeout(() => use(pickedFromList(files)), 0);
  };
}

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
