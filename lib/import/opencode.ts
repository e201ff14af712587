/**
 * OpenCode sessions (anomalyco/opencode, formerly sst/opencode; shapes in
 * `packages/opencode/src/session/message-v2.ts` and `session/index.ts`), read two ways:
 *
 * - its storage folder, `~/.local/share/opencode/storage/` (`packages/opencode/src/storage/
 *   storage.ts`): `session/<projectID>/<sessionID>.json` (the session's info: id, title, directory,
 *   version, parentID for a sub-agent's session; `session/info/<id>.json` before 2025-07),
 *   `message/<sessionID>/<messageID>.json` (a message's info), and
 *   `part/<messageID>/<partID>.json` (its parts; `session/part/<sessionID>/<messageID>/…` before);
 *   every session in the folder is a history;
 * - `opencode export <sessionID>`'s JSON, one file: `{info: <session info>, messages: [{info, parts}]}`.
 *
 * Messages are in the order of their creation time (then id: OpenCode's ids ascend), parts in the
 * order of their file names (their ids) or as the export lists them. What each part becomes is in
 * `opencode-parts.ts`. Since 1.2 OpenCode keeps sessions in a SQLite database (`opencode.db`), which
 * is not read here; `opencode export` writes the same JSON from it.
 */
import { z } from 'zod';
import type { History } from '../model/types';
import { type OpenCodeMessage, type Rec } from './opencode-message';
import { addMessages } from './opencode-parts';
import { FolderValue } from './read';
import { defineImporter, parsedBy } from './types';
import { ImportError } from '../model/errors';
import { sole } from './util';
import { folderFiles, folderPointer, isRecord, StepList, str } from './util';

const messageInfo = z
  .object({ id: z.string(), sessionID: z.string(), role: z.enum(['user', 'assistant']) })
  .passthrough();
const part = z.object({ type: z.string() }).passthrough();
const exported = z
  .object({
    info: z.object({ id: z.string() }).passthrough(),
    messages: z.array(z.object({ info: messageInfo, parts: z.array(part) }).passthrough()).min(1),
  })
  .passthrough();

type Session = { id: string; info?: Rec; messages: OpenCodeMessage[] };
type Parsed = { sessions: Session[]; claimed: string[]; orphans?: string[] };

// A file's name is only a hint (a picked folder's files may be renamed): the folders decide.
const MESSAGE_FILE = /(?:^|\/)message\/([^/]+)\/[^/]+$/;
const PART_FILE = /(?:^|\/)part\/(?:[^/]+\/)?([^/]+)\/[^/]+$/;
const SESSION_FILE = /(?:^|\/)session\/(?:[^/]+\/)?[^/]+$/;

const created = (info: Rec) =>
  isRecord(info.time) && typeof info.time.created === 'number' ? info.time.created : 0;

/** The folder's sessions: its message files grouped by session, their parts by message. */
function fromFolder(folder: FolderValue): Parsed | undefined {
  const claimed: string[] = [];
  const orphans: string[] = [];
  const messages = new Map<
    string,
    OpenCodeMessage & { parts: OpenCodeMessage['parts'][number][] }
  >();
  for (const [path, value] of folderFiles(folder, MESSAGE_FILE)) {
    const info = parsedBy(messageInfo, value);
    if (!info) continue;
    claimed.push(path);
    messages.set(info.id, { info, pointer: folderPointer(path), parts: [] });
  }
  if (messages.size === 0) return undefined;
  for (const [path, value] of folderFiles(folder, PART_FILE)) {
    if (!isRecord(value) || typeof value.type !== 'string') continue;
    // Some writers leave messageID out of a part: its folder names the message.
    const id = typeof value.messageID === 'string' ? value.messageID : PART_FILE.exec(path)?.[1];
    const m = id === undefined ? undefined : messages.get(id);
    claimed.push(path);
    if (m) m.parts.push({ part: value, pointer: folderPointer(path) });
    else orphans.push(path);
  }
  const infos = new Map<string, Rec>();
  for (const [path, value] of folderFiles(folder, SESSION_FILE))
    if (
      !MESSAGE_FILE.test(path) &&
      !PART_FILE.test(path) &&
      isRecord(value) &&
      typeof value.id === 'string' &&
      !('role' in value)
    ) {
      infos.set(value.id, value);
      claimed.push(path);
    }
  const bySession = new Map<string, OpenCodeMessage[]>();
  for (const m of messages.values()) {
    const sid = str(m.info.sessionID);
    bySession.set(sid, [...(bySession.get(sid) ?? []), m]);
  }
  const sessions = [...bySession].map(([id, ms]) => ({
    id,
    info: infos.get(id),
    messages: ms.sort(
      (a, b) => created(a.info) - created(b.info) || str(a.info.id).localeCompare(str(b.info.id)),
    ),
  }));
  return { sessions, claimed, orphans };
}

function fromExport(value: z.infer<typeof exported>): Parsed {
  return {
    sessions: [
      {
        id: value.info.id,
        info: value.info,
        messages: value.messages.map((m, i) => ({
          info: m.info,
          pointer: `/messages/${i}/info`,
          parts: m.parts.map((p, j) => ({ part: p, pointer: `/messages/${i}/parts/${j}` })),
        })),
      },
    ],
    claimed: [],
  };
}

function historyOf(
  s: Session,
  fileName: string,
): { history: History; warnings: StepList['warnings'] } {
  const list = new StepList({ format: 'opencode', file: fileName });
  const models = new Set<string>();
  addMessages(list, s.messages, models);
  const info = s.info ?? {};
  const providers = new Set(
    s.messages.map((m) => m.info.providerID).filter((p): p is string => typeof p === 'string'),
  );
  const title = typeof info.title === 'string' && info.title ? info.title : undefined;
  const model = sole(models);
  const history: History = {
    id: s.id,
    title: title ?? `OpenCode session ${s.id}`,
    format: 'opencode',
    ...(model ? { model } : {}),
    steps: list.markFinal(),
    meta: {
      ...(typeof info.directory === 'string' ? { directory: info.directory } : {}),
      ...(typeof info.version === 'string' ? { version: info.version } : {}),
      ...(typeof info.projectID === 'string' ? { projectID: info.projectID } : {}),
      ...(typeof info.parentID === 'string' ? { parentSession: info.parentID } : {}),
      ...(providers.size > 0 ? { providers: [...providers] } : {}),
      ...(models.size > 1 ? { models: [...models] } : {}),
    },
  };
  return { history, warnings: list.warnings };
}

export const openCodeImporter = defineImporter<Parsed>({
  id: 'opencode',
  label: 'OpenCode session',
  detect(value) {
    if (value instanceof FolderValue) return fromFolder(value);
    const e = isRecord(value) && 'messages' in value ? parsedBy(exported, value) : undefined;
    return e ? fromExport(e) : undefined;
  },
  import(parsed, fileName) {
    const built = parsed.sessions.map((s) => historyOf(s, fileName));
    const histories = built.map((b) => b.history).filter((h) => h.steps.length > 0);
    if (histories.length === 0)
      throw new ImportError(`${fileName}: the OpenCode session holds no message with content`);
    const orphans = (parsed.orphans ?? []).map((path) => ({
      message: `${path}: a part of no message in the folder; not read`,
      pointer: folderPointer(path),
    }));
    return {
      file: { histories },
      warnings: [
        ...built.flatMap((b) =>
          parsed.sessions.length > 1
            ? b.warnings.map((w) => ({ ...w, message: `${b.history.id}: ${w.message}` }))
            : b.warnings,
        ),
        ...orphans,
      ],
      ...(parsed.claimed.length > 0 ? { claimed: parsed.claimed } : {}),
    };
  },
  near: {
    sniff: (v) =>
      isRecord(v) &&
      isRecord(v.info) &&
      typeof v.info.id === 'string' &&
      v.info.id.startsWith('ses_') &&
      'messages' in v,
    schema: exported,
  },
});
