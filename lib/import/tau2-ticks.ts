/**
 * tau2-bench voice runs. A full-duplex simulation keeps `ticks` instead of `messages` (tau2
 * `src/tau2/data_model/message.py` `Tick`: `agent_chunk`, `user_chunk`, `agent_tool_calls`,
 * `user_tool_calls`, `agent_tool_results`, `user_tool_results`, `user_transcript`; `Simulation.
 * get_messages()` flattens them). A speaker's chunks are one turn until the other side speaks or
 * it calls a tool, their texts joined as `merge_message_chunks` joins them (a space between chunks
 * of different utterances); a chunk carrying tool calls is a message of its own.
 * Voice runs are stored as a folder (`Results` "dir" format): `results.json` with the run's `info`
 * and `simulations/<id>.json`, one simulation a file. Part of the tau-bench importer (tau2.ts).
 */
import { ImportError } from '../model/errors';
import { isRecord, str } from './util';

/** A message as tau2 writes one, with the tick it starts at. */
export interface TickMessage {
  readonly message: Record<string, unknown>;
  readonly tick: number;
}

interface Turn {
  role: 'assistant' | 'user';
  text: string;
  ids: Set<string>;
  tick: number;
  timestamp: unknown;
}

/**
 * A message's text: its `content`, unless it is audio (`is_audio`: the content is base64 audio
 * bytes, message.py `ParticipantMessageBase`), whose words are its `audio_script_gold`.
 */
export function spokenText(m: Record<string, unknown>): string {
  const text = m.is_audio === true ? m.audio_script_gold : m.content;
  return typeof text === 'string' ? text : '';
}

const idsOf = (chunk: Record<string, unknown>) =>
  new Set(Array.isArray(chunk.utterance_ids) ? chunk.utterance_ids.map(str) : []);
const disjoint = (a: Set<string>, b: Set<string>) =>
  a.size > 0 && b.size > 0 && [...a].every((x) => !b.has(x));

/** The ticks as messages: each speaker's turns, tool calls and tool results, in tick order. */
export function messagesOfTicks(ticks: readonly unknown[]): TickMessage[] {
  const out: TickMessage[] = [];
  const open: Partial<Record<Turn['role'], Turn>> = {};
  const close = (role: Turn['role']) => {
    const t = open[role];
    if (t && t.text.trim() !== '')
      out.push({
        message: { role, content: t.text, ...(t.timestamp ? { timestamp: t.timestamp } : {}) },
        tick: t.tick,
      });
    delete open[role];
  };
  ticks.forEach((t, i) => {
    if (!isRecord(t)) return;
    const sides = [
      ['assistant', t.agent_chunk, t.agent_tool_calls, t.agent_tool_results],
      [
        'user',
        t.user_chunk ??
          (typeof t.user_transcript === 'string' ? { content: t.user_transcript } : {}),
        t.user_tool_calls,
        t.user_tool_results,
      ],
    ] as const;
    for (const [role, chunk, calls, results] of sides) {
      const other = role === 'assistant' ? 'user' : 'assistant';
      const c = isRecord(chunk) ? chunk : {};
      const text = spokenText(c);
      if (text !== '') {
        const ids = idsOf(c);
        const current = open[role];
        if (current) {
          current.text += (disjoint(current.ids, ids) ? ' ' : '') + text;
          ids.forEach((x) => current.ids.add(x));
        } else open[role] = { role, text, ids, tick: i, timestamp: c.timestamp ?? t.timestamp };
        // The other side's turn ends when this side speaks.
        close(other);
      }
      if (Array.isArray(calls) && calls.length > 0) {
        close(role);
        out.push({
          message: { role, content: null, tool_calls: calls, timestamp: t.timestamp },
          tick: i,
        });
      }
      if (Array.isArray(results))
        for (const r of results.filter(isRecord))
          out.push({ message: { ...r, role: 'tool' }, tick: i });
    }
  });
  close('assistant');
  close('user');
  // Turns are emitted when they end; the conversation reads them in the order they began.
  return out
    .map((m, k) => ({ m, k }))
    .sort((a, b) => a.m.tick - b.m.tick || a.k - b.k)
    .map(({ m }) => m);
}

/**
 * A voice run whose ticks record only who spoke when (tau2's interaction-metrics test data keeps
 * `contains_speech`, `turn_taking_action` and audio effects, no transcript): nothing to read as a
 * conversation, so it is refused, saying what the file lacks.
 */
export function refuseTurnTakingOnly(sims: readonly Record<string, unknown>[]): void {
  const withTicks = sims.flatMap((s): (readonly unknown[])[] =>
    Array.isArray(s.ticks) && !Array.isArray(s.messages) ? [s.ticks] : [],
  );
  if (withTicks.length === 0 || withTicks.length < sims.length) return;
  if (withTicks.some((ticks) => messagesOfTicks(ticks).length > 0)) return;
  const ticks = withTicks.reduce((n, t) => n + t.length, 0);
  throw new ImportError(
    `a tau2-bench voice run (${withTicks.length} full-duplex simulation(s), ${ticks} ticks) whose ticks hold no transcript, tool call or tool result: only who spoke when (contains_speech, turn_taking_action, audio effects), which is no conversation to read`,
  );
}
