/**
 * Seed 002's flat trajectory serialized (`SessionTrajectory.model_dump_json()`): `{session_id,
 * user_id, started_at, max_steps, steps: [{role, step_type, content, tool_data, tool_use_id,
 * timestamp, metadata}]}`, or the bare list of steps. Both of the seed's step-type vocabularies
 * are read (`query`/`user_query`, `tool_use`/`tool_call`, `answer`/`final_answer`), and ours with
 * `system_prompt` (lib/messages/trajectory.ts writes it).
 */
import { z } from 'zod';
import { defineImporter, parsedBy } from './types';
import { actionDraft, isoToUnix, isRecord, keptArguments, StepList, str } from './util';

const STEP_TYPES = [
  'query',
  'user_query',
  'thought',
  'tool_use',
  'tool_call',
  'tool_result',
  'answer',
  'final_answer',
  'summary',
  'system_prompt',
] as const;
const trajectoryStep = z.object({
  role: z.enum(['user', 'assistant', 'system']),
  step_type: z.enum(STEP_TYPES),
  content: z.string(),
  tool_data: z.record(z.string(), z.unknown()).nullable().optional(),
  tool_use_id: z.string().nullable().optional(),
  timestamp: z.union([z.string(), z.number()]).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
const steps = z.array(trajectoryStep).min(1);
const session = z.object({
  steps,
  session_id: z.string().optional(),
  user_id: z.string().optional(),
  max_steps: z.number().optional(),
});

export const seedTrajectoryImporter = defineImporter({
  id: 'seed-trajectory',
  label: 'Seed 002 session trajectory',
  near: {
    sniff: (v) =>
      'step_type' in
      (isRecord(v) && Array.isArray(v.steps) && isRecord(v.steps[0])
        ? v.steps[0]
        : Array.isArray(v) && isRecord(v[0])
          ? v[0]
          : {}),
    schema: z.union([session, steps]),
  },
  detect: (value) => {
    const list = parsedBy(steps, value);
    if (list) return { list, prefix: '', sessionId: undefined };
    const wrapped = parsedBy(session, value);
    return wrapped
      ? { list: wrapped.steps, prefix: '/steps', sessionId: wrapped.session_id ?? undefined }
      : undefined;
  },
  import({ list, prefix, sessionId }, fileName) {
    const out = new StepList({ format: 'seed-trajectory', file: fileName });
    list.forEach((s, i) => {
      const pointer = `${prefix}/${i}`;
      const ts = isoToUnix(s.timestamp);
      const time = ts === undefined ? {} : { timestamp: ts };
      const last = out.steps.at(-1);
      const data = s.tool_data ?? {};
      switch (s.step_type) {
        case 'system_prompt':
          out.add({ kind: 'system-prompt', content: s.content, ...time }, pointer);
          return;
        case 'query':
        case 'user_query':
          out.add({ kind: 'task', task: s.content, ...time }, pointer);
          return;
        // The step's content as the seed wrote it, an empty one too.
        case 'thought':
          out.add({ ...actionDraft({ timestamp: ts }), modelOutput: s.content }, pointer);
          return;
        case 'answer':
        case 'final_answer':
          out.add(
            { ...actionDraft({ isFinal: true, timestamp: ts }), modelOutput: s.content },
            pointer,
          );
          return;
        case 'summary': {
          const replaced =
            isRecord(s.metadata) && Array.isArray(s.metadata.replaces)
              ? s.metadata.replaces.map(String)
              : [];
          out.add(
            { kind: 'summary', content: s.content, replaces: replaced, origin: 'model', ...time },
            pointer,
          );
          return;
        }
        case 'tool_use':
        case 'tool_call': {
          const call = {
            id: s.tool_use_id ?? `tool_${i}`,
            name: str(data.name ?? data.tool_name ?? s.content.replace(/^Using tool: /, '')),
            arguments: keptArguments(data.args ?? data.arguments ?? data.input),
          };
          // Calls after the thought that made them (and before any result) belong to its action.
          if (
            last?.kind === 'action' &&
            !last.isFinal &&
            last.toolCalls.every((c) => c.result === undefined) &&
            last.observation === undefined
          ) {
            out.updateLast((st) =>
              st.kind === 'action' ? { ...st, toolCalls: [...st.toolCalls, call] } : st,
            );
          } else out.addAction({ toolCalls: [call], timestamp: ts }, pointer);
          return;
        }
        case 'tool_result': {
          const isError = data.is_error === true || data.status === 'error';
          if (!out.linkResult(s.tool_use_id ?? '', s.content, isError)) {
            out.warn(
              `step ${i}: a tool result answers no earlier tool use (${s.tool_use_id ?? 'no id'}); kept as an observation`,
              pointer,
            );
            out.addAction({ observation: s.content, timestamp: ts }, pointer);
          }
          return;
        }
      }
    });
    const id = sessionId ?? fileName;
    return {
      file: { histories: [{ id, title: id, format: 'seed-trajectory', steps: out.steps }] },
      warnings: out.warnings,
    };
  },
});
