'use client';
/**
 * The messages a step becomes in a dialect, as a person reads them: each with its role, its texts
 * with their line breaks, the calls it makes (name and arguments) and the results it carries
 * (message-parts.ts reads every dialect's shape). Text only, never HTML.
 */
import type { AnyMessage } from '../../lib/messages';
import type { JsonValue } from '../../lib/model/types';
import { FoldedText } from './folded-text';
import { readableMessage, roleLabel, type ReadablePart } from './message-parts';
import { prettyJson } from './pretty-json';

function argumentsText(args: JsonValue): string {
  if (typeof args === 'string') return args;
  return JSON.stringify(args, null, 2) ?? '';
}

function Part({ part, index }: { part: ReadablePart; index: number }) {
  switch (part.kind) {
    case 'text':
      return (
        <div className="flex flex-col gap-0.5">
          {part.label && <span className="text-xs text-slate-500">{part.label}</span>}
          <FoldedText text={part.text} label={`Message text ${index + 1}`} />
        </div>
      );
    case 'call':
      return (
        <div className="flex flex-col gap-0.5">
          <span className="text-xs text-slate-600">
            Calls <span className="font-mono font-semibold text-slate-900">{part.name}</span>
            {part.id && <code className="ml-1 text-slate-500">{part.id}</code>}
          </span>
          <FoldedText
            text={argumentsText(part.args)}
            label={`Arguments of ${part.name}`}
            ansi={false}
          />
        </div>
      );
    case 'result':
      return (
        <div className="flex flex-col gap-0.5">
          <span
            className={`text-xs ${part.error ? 'font-semibold text-red-700' : 'text-slate-600'}`}
          >
            {part.error ? 'Error result' : 'Result'}
            {part.id && <code className="ml-1 font-normal text-slate-500">{part.id}</code>}
          </span>
          <FoldedText
            text={prettyJson(part.text)}
            label={`Result ${part.id ?? index + 1}`}
            tone={part.error ? 'error' : 'plain'}
          />
        </div>
      );
  }
}

export function MessageList({ messages }: { messages: readonly AnyMessage[] }) {
  return (
    <ol aria-label="Messages" className="flex flex-col gap-2">
      {messages.map((message, i) => {
        const m = readableMessage(message);
        return (
          <li key={i} className="flex flex-col gap-1 rounded-md border border-slate-200 p-2">
            <span className="text-xs font-semibold text-slate-700">{roleLabel(m.role)}</span>
            {m.parts.length === 0 ? (
              <span className="text-xs text-slate-500">(empty)</span>
            ) : (
              m.parts.map((part, j) => <Part key={j} part={part} index={j} />)
            )}
          </li>
        );
      })}
    </ol>
  );
}
