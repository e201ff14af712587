'use client';
/**
 * One message as the model reads it, for people: its role, its text with real line breaks, each
 * tool call as its name and arguments, each tool result (red when it is an error), and where a
 * strategy cut the text, the cut marked in place. Long texts fold after a few lines' worth of
 * characters; the whole text is one click away. User content is rendered as text only.
 */
import { useState } from 'react';
import { markCuts, type TextCut } from '../../lib/compare/truncation';
import type { ReadableBlock, ReadableMessage } from '../../lib/messages/readable';
import type { JsonValue } from '../../lib/model/types';
import { Button } from '../ui/button';
import { CutText } from './cut-marks';

/** Characters shown of a long block before it folds. */
const FOLD = 700;

const ROLE_STYLE: Record<string, string> = {
  system: 'bg-slate-200 text-slate-800',
  user: 'bg-blue-100 text-blue-800',
  assistant: 'bg-emerald-100 text-emerald-800',
  tool: 'bg-amber-100 text-amber-900',
  'tool-call': 'bg-emerald-100 text-emerald-800',
  'tool-response': 'bg-amber-100 text-amber-900',
};

const argumentsText = (args: JsonValue) =>
  typeof args === 'string' ? args : (JSON.stringify(args, null, 2) ?? '');

/** A block's text, folded when long unless a cut is in it (the cut mark must stay in sight). */
function BlockText({ text, cuts }: { text: string; cuts: readonly TextCut[] }) {
  const [open, setOpen] = useState(false);
  const cut = markCuts(text, cuts).some((s) => s.kind === 'cut');
  const long = !cut && text.length > FOLD + 200;
  return (
    <>
      <CutText text={long && !open ? `${text.slice(0, FOLD)}…` : text} cuts={cuts} />
      {long && (
        <Button variant="link" size="xs" className="ml-1" onClick={() => setOpen(!open)}>
          {open ? 'show less' : `show all ${text.length.toLocaleString('en-US')} characters`}
        </Button>
      )}
    </>
  );
}

function Block({ block, cuts }: { block: ReadableBlock; cuts: readonly TextCut[] }) {
  switch (block.kind) {
    case 'text':
      return (
        <div className="whitespace-pre-wrap break-words text-slate-800">
          {block.label && (
            <span className="mr-1 text-xs font-medium uppercase text-slate-500">{block.label}</span>
          )}
          <BlockText text={block.text} cuts={cuts} />
        </div>
      );
    case 'tool-call':
      return (
        <div className="rounded bg-slate-50 px-1.5 py-1 font-mono text-xs text-slate-800">
          <span className="font-semibold text-emerald-800">→ {block.name}</span>
          <div className="whitespace-pre-wrap break-words">
            <BlockText text={argumentsText(block.arguments)} cuts={cuts} />
          </div>
        </div>
      );
    case 'tool-result':
      return (
        <div
          className={`rounded px-1.5 py-1 font-mono text-xs ${block.isError ? 'bg-red-50 text-red-800' : 'bg-slate-50 text-slate-800'}`}
        >
          <span className="font-semibold">{block.isError ? '← error' : '← result'}</span>
          <div className="whitespace-pre-wrap break-words">
            <BlockText text={block.text} cuts={cuts} />
          </div>
        </div>
      );
  }
}

export function MessageView({
  message,
  cuts = [],
}: {
  message: ReadableMessage;
  /** What the strategy cut of the step this message comes from. */
  cuts?: readonly TextCut[];
}) {
  return (
    <div className="flex flex-col gap-1 text-sm">
      <span
        className={`w-fit rounded px-1.5 text-xs font-semibold ${ROLE_STYLE[message.role] ?? 'bg-slate-100 text-slate-700'}`}
      >
        {message.role}
      </span>
      {message.blocks.length === 0 && <span className="text-xs text-slate-500">(empty)</span>}
      {message.blocks.map((b, i) => (
        <Block key={i} block={b} cuts={cuts} />
      ))}
    </div>
  );
}
