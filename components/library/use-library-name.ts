'use client';
/**
 * The name a library entry has now: the header shows it (a file renamed in the library, here or in
 * another tab, reads as its new name), where the loaded file only knows the name it was read under.
 */
import { useEffect, useState } from 'react';
import { watchLibrary } from '../../lib/library/library';
import { pageLibrary } from './use-library';

export function useLibraryName(id: string | undefined): string | undefined {
  const [named, setNamed] = useState<{ id: string; name: string }>();
  useEffect(() => {
    if (id === undefined) return;
    let live = true;
    const read = () =>
      pageLibrary()
        // The name alone: reading the entry would deserialize its bytes on this thread.
        .then((lib) => lib.nameOf(id))
        .then((name) => {
          if (live && name !== undefined) setNamed({ id, name });
        })
        // No library in this window: the file's own name stays.
        .catch(() => {});
    read();
    const unwatch = watchLibrary(read);
    return () => {
      live = false;
      unwatch();
    };
  }, [id]);
  return named !== undefined && named.id === id ? named.name : undefined;
}
