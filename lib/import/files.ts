/**
 * Importing several files at once (a picked folder, a multi-file drop, a CLI directory): folder
 * importers claim the files that make up their format (a Claude Code session and its sub-agent
 * transcripts, an OpenHands session's `events/<n>.json`), and every other file is imported alone.
 * Runs keep their file's name in the title; ids are made unique across files; a file that fails is
 * named in `failures` and the others still load.
 */
import type { History } from '../model/types';
import { errorOf } from './guards';
import { IMPORTERS, importValue } from './index';
import { FolderValue, type ParsedSource } from './read';
import { sanitizeHistories } from './sanitize';
import { type ImportWarning, NotThisFormat } from './types';

/** In a picked folder, the files that can hold a history (others, like README.md or agent_state.pkl, are skipped). */
export function isHistoryFileName(path: string): boolean {
  return /\.(json|jsonl|ndjson|traj|eval|af)$|(^|\/)\.aider\.chat\.history\.md$/i.test(path);
}

export interface ImportedFiles {
  readonly histories: History[];
  readonly warnings: string[];
  readonly failures: string[];
  readonly formats: string[];
  /** Each source's parsed value by the name its steps' `source.file` uses (record lookups). */
  readonly raw: Map<string, unknown>;
}

/** The folder's name: the first path segment every file shares, else a count. */
export function folderName(sources: readonly { path: string }[]): string {
  const tops = new Set(sources.map((s) => (s.path.includes('/') ? s.path.split('/')[0] : '')));
  const [top] = [...tops];
  return tops.size === 1 && top ? top : `${sources.length} files`;
}

export function importSources(
  sources: readonly ParsedSource[],
  failures: string[] = [],
): ImportedFiles {
  const out: ImportedFiles = { histories: [], warnings: [], failures, formats: [], raw: new Map() };
  const seen = new Set<string>();
  const add = (name: string, histories: readonly History[], single: boolean) => {
    for (const h of histories) {
      const id = seen.has(h.id) ? `${name}#${h.id}` : h.id;
      seen.add(id);
      const title =
        single || !h.title || h.title === name ? (h.title ?? name) : `${name} · ${h.title}`;
      out.histories.push({ ...h, id, title });
    }
  };
  const single = sources.length === 1;
  let rest = [...sources];
  if (sources.length > 1) {
    const name = folderName(sources);
    for (const importer of IMPORTERS) {
      const folder = new FolderValue(name, Object.fromEntries(rest.map((s) => [s.path, s.value])));
      const detected = importer.detect(folder);
      if (detected === undefined) continue;
      try {
        const imported = detected.import(name, folder);
        const claimed = new Set(imported.claimed ?? rest.map((s) => s.path));
        out.raw.set(name, folder);
        out.formats.push(importer.id);
        out.warnings.push(
          ...rest
            .filter((s) => claimed.has(s.path))
            .flatMap((s) => s.warnings.map((w) => `${s.path}: ${w.message}`)),
        );
        out.warnings.push(...imported.warnings.map((w) => w.message));
        add(name, imported.file.histories, true);
        rest = rest.filter((s) => !claimed.has(s.path));
      } catch (error) {
        // A check folded into the import failed: not this format, as if detection had said so.
        if (error instanceof NotThisFormat) continue;
        failures.push(`${name}: ${importer.label}: ${errorOf(error).message}`);
      }
    }
  }
  for (const s of rest) {
    try {
      const imported = importValue(s.value, s.path, s.listContent);
      out.raw.set(s.path, imported.value);
      out.formats.push(imported.format);
      out.warnings.push(
        ...[...s.warnings, ...imported.warnings].map((w) =>
          single ? w.message : `${s.path}: ${w.message}`,
        ),
      );
      add(s.path, imported.file.histories, single);
    } catch (error) {
      failures.push(errorOf(error).message);
    }
  }
  // Ids unique across every file's runs and sub-agents (counts and the URL look runs up by id).
  const notes: ImportWarning[] = [];
  const histories = sanitizeHistories(out.histories, notes);
  out.histories.splice(0, out.histories.length, ...histories);
  out.warnings.push(...notes.map((w) => w.message));
  return out;
}
