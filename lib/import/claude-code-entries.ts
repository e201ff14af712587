/**
 * Claude Code transcript records: the entry schema, whether a list of records is a transcript, where
 * the records sit in a file (JSONL, the web export, the Agent SDK stream), the text of content
 * blocks, and the branch a rewound session ends on. Part of the Claude Code importer (claude-code.ts).
 */
import { z } from 'zod';
import { recordLine } from './read';
import { mayHaveKeys } from './guards';
import { imagePlaceholder, isRecord, str } from './util';
import { fits, parsedBy } from './types';

export const message = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.union([z.string(), z.array(z.unknown()), z.null()]).optional(),
});
export const entry = z.object({ type: z.enum(['user', 'assistant']), message });
export const webExport = z.object({ loglines: z.array(z.unknown()).min(1) });
export const sdkStream = z.object({ messages: z.array(z.unknown()).min(1) });

/**
 * For refusals only (`near`, refusal.ts): a transcript's records, each a message entry with the
 * keys every one carries, or another record (summary, system, file-history-snapshot…) by its type.
 */
export const nearTranscript = z.array(
  z.union([
    entry.extend({
      uuid: z.string().optional(),
      parentUuid: z.string().nullable().optional(),
      sessionId: z.string().optional(),
      timestamp: z.string().optional(),
      cwd: z.string().optional(),
      version: z.string().optional(),
      gitBranch: z.string().optional(),
      isSidechain: z.boolean().optional(),
      userType: z.string().optional(),
      requestId: z.string().optional(),
      toolUseResult: z.unknown().optional(),
      isMeta: z.boolean().optional(),
    }),
    z.object({
      subtype: z.string().optional(),
      leafUuid: z.string().optional(),
      summary: z.string().optional(),
      // Aborting, so that zod reports both shapes for an entry that fits neither.
      type: z.string().refine((t) => t !== 'user' && t !== 'assistant', {
        message: 'a message entry',
        abort: true,
      }),
    }),
  ]),
);

/** True when a list of records holds Claude Code message entries (and nothing that says otherwise). */
export function isTranscript(records: unknown): records is unknown[] {
  if (!Array.isArray(records) || records.length === 0 || !mayHaveKeys(records, 'type'))
    return false;
  // A message entry (checked by its type first: other formats' records have none) that carries
  // what only a transcript does.
  return records.some(
    (r) =>
      isRecord(r) &&
      (r.type === 'user' || r.type === 'assistant') &&
      ('uuid' in r || 'sessionId' in r || 'timestamp' in r || 'parentUuid' in r) &&
      // Gemini `parts` and no content: a Qwen Code record (qwen-code.ts), not a Claude Code entry.
      !(isRecord(r.message) && 'parts' in r.message && !('content' in r.message)) &&
      fits(entry, r),
  );
}

/** A file's transcript records (its lines, the web export's `loglines`, the SDK stream's `messages`). */
export function recordsOf(value: unknown): { records: unknown[]; prefix: string } | undefined {
  if (isTranscript(value)) return { records: value, prefix: '' };
  // Both wrappers are JSON files (no line numbers to keep): their parsed lists hold the records.
  const web = parsedBy(webExport, value);
  if (web !== undefined && isTranscript(web.loglines))
    return { records: web.loglines, prefix: '/loglines' };
  const sdk = parsedBy(sdkStream, value);
  if (sdk !== undefined && sdk.messages.some((m) => fits(entry, m)))
    return { records: sdk.messages, prefix: '/messages' };
  return undefined;
}

/** What the converter reads of an entry's message: an Anthropic message and its response's fields. */
export interface EntryMessage {
  readonly role: 'user' | 'assistant';
  /** A string, blocks, or missing (null or absent: the converter says so). */
  readonly content?: unknown;
  readonly id?: string;
  /** As the file wrote it: the converter reads a name and says when it is none. */
  readonly model?: unknown;
  readonly usage?: Record<string, unknown>;
}

/** A transcript record: its type, and for a user or assistant entry its message as read. */
export type Entry = Readonly<Record<string, unknown>> & {
  readonly type: string;
  readonly message?: EntryMessage;
};

/**
 * A message as `message` (the schema above) takes it, with the response fields the converter reads
 * (its id and usage when they have their type), else undefined. Checked by hand: it runs on every
 * line of a session.
 */
export function messageOf(value: unknown): EntryMessage | undefined {
  if (!isRecord(value) || (value.role !== 'user' && value.role !== 'assistant')) return undefined;
  const { content, id, model, usage } = value;
  const readable =
    content === undefined ||
    content === null ||
    typeof content === 'string' ||
    Array.isArray(content);
  if (!readable) return undefined;
  return {
    role: value.role,
    ...(content === undefined ? {} : { content }),
    ...(typeof id === 'string' ? { id } : {}),
    ...(model === undefined ? {} : { model }),
    ...(isRecord(usage) ? { usage } : {}),
  };
}

/**
 * The entries of a list of Messages API messages (another format's, read by this converter), by
 * their place in the list; `extra` adds what the format records beside a message (its time).
 */
export function messageEntries<M>(
  list: readonly M[],
  messageIn: (m: M) => unknown,
  extra: (m: M) => Record<string, unknown> = () => ({}),
): { e: Entry; index: number }[] {
  return list.flatMap((m, index) => {
    const message = messageOf(messageIn(m));
    return message ? [{ e: { ...extra(m), type: message.role, message }, index }] : [];
  });
}

export function textOfResult(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content))
    return content === undefined || content === null ? '' : JSON.stringify(content);
  return content.map((b) => (isRecord(b) ? blockText(b) : str(b))).join('\n');
}

export function blockText(b: Record<string, unknown>): string {
  if (b.type === 'text') return str(b.text ?? '');
  if (b.type === 'image') {
    const src = isRecord(b.source) ? b.source : {};
    return imagePlaceholder(
      typeof src.media_type === 'string' ? src.media_type : undefined,
      typeof src.data === 'string' ? src.data.length : undefined,
    );
  }
  if (b.type === 'tool_reference') return `[tool reference: ${str(b.tool_name ?? '')}]`;
  if (b.type === 'document')
    return `[document${isRecord(b.source) ? `: ${str(b.source.media_type ?? '')}` : ''}]`;
  return `[${str(b.type)}]`;
}

/** "line N" for a JSONL record, else "entry N". */
export function where(records: readonly unknown[], index: number): string {
  const line = recordLine(records, index);
  return line === undefined ? `entry ${index + 1}` : `line ${line}`;
}

export function isToolResult(e: Entry): boolean {
  return (
    e.type === 'user' &&
    Array.isArray(e.message?.content) &&
    e.message.content.some((b) => isRecord(b) && b.type === 'tool_result')
  );
}

/**
 * When a session was rewound or forked (two turns answer the same entry), the entries on the branch
 * that ends at the last one, plus the lines that hang off it without being on it: the other blocks
 * of a split response and parallel tool results. Undefined when there is no fork: file order.
 */
export function activeBranch(entries: readonly Entry[]): Set<Entry> | undefined {
  const turns = new Map<string, Set<string>>();
  for (const e of entries) {
    if (
      (e.type !== 'user' && e.type !== 'assistant') ||
      typeof e.parentUuid !== 'string' ||
      isToolResult(e)
    )
      continue;
    const key = e.type === 'assistant' ? `a:${e.message?.id ?? str(e.uuid)}` : `u:${str(e.uuid)}`;
    turns.set(e.parentUuid, (turns.get(e.parentUuid) ?? new Set()).add(key));
  }
  if (![...turns.values()].some((t) => t.size > 1)) return undefined;
  const byUuid = new Map(
    entries.flatMap((e) => (typeof e.uuid === 'string' ? [[e.uuid, e] as const] : [])),
  );
  const byId = (id: unknown) => (typeof id === 'string' ? byUuid.get(id) : undefined);
  const last = [...entries].reverse().find((e) => e.type === 'user' || e.type === 'assistant');
  if (!last) return undefined;
  const kept = new Set<Entry>();
  // A compact_boundary line has no parent (`parentUuid: null`): the entry it follows is its
  // `logicalParentUuid`, so the branch goes on through it to the conversation it compacted.
  const parentOf = (e: Entry) =>
    byId(typeof e.parentUuid === 'string' ? e.parentUuid : e.logicalParentUuid);
  for (let e: Entry | undefined = last; e && !kept.has(e); e = parentOf(e)) kept.add(e);
  const keptIds = new Set([...kept].map((e) => e.message?.id).filter(Boolean));
  for (const e of entries) {
    if (kept.has(e)) continue;
    const parent = byId(e.parentUuid);
    if (!parent || !kept.has(parent)) continue;
    const sameResponse =
      e.type === 'assistant' && e.message?.id !== undefined && keptIds.has(e.message.id);
    if (isToolResult(e) || sameResponse) kept.add(e);
  }
  return kept;
}
