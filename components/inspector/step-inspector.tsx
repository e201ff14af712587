'use client';
/**
 * Everything about one step: its fields, tool calls, the messages it becomes, and its costs. User
 * content is text, never HTML; recorded output shows its terminal colours (ansi-text.tsx).
 */
import type { Dialect } from '../../lib/messages';
import { assistantText } from '../../lib/model/steps';
import type { Step } from '../../lib/model/types';
import { Badge, KindBadge } from '../ui/badge';
import { formatTokens } from '../ui/kinds';
import { Panel } from '../ui/panel';
import { JsonTree } from './json-tree';
import { Button } from '../ui/button';
import { AnsiText } from './ansi-text';
import { FoldedText } from './folded-text';
import { OriginalRecord } from './original-record';
import { prettyJson } from './pretty-json';
import { StepMessages } from './step-messages';

/** A section's title in the inspector: small capitals over what it names. */
function Heading({ children }: { children: React.ReactNode }) {
  return (
    <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{children}</h3>
  );
}

function Field({ name, children }: { name: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] gap-2 text-sm">
      <dt className="text-slate-500">{name}</dt>
      <dd className="min-w-0 text-slate-800">{children}</dd>
    </div>
  );
}

function mainText(step: Step): { label: string; text: string } | undefined {
  switch (step.kind) {
    case 'system-prompt':
      return { label: 'System prompt', text: step.content };
    case 'task':
      return { label: 'User message', text: step.task };
    case 'action':
      return assistantText(step) ? { label: 'Model output', text: assistantText(step) } : undefined;
    case 'scratchpad':
      return { label: 'Note', text: step.content };
    case 'planning':
      return { label: 'Plan', text: step.plan };
    case 'final-answer':
      return { label: 'Answer', text: step.answer };
    case 'summary':
      return { label: 'Summary', text: step.content };
  }
}

export function StepInspector(props: {
  step?: Step;
  /** Why the step shown is a preview of a large run's step (loading the whole, or what failed). */
  note?: string;
  tokens?: number;
  exact: boolean;
  dialect: Dialect;
  onDialect(d: Dialect): void;
  /** Where the step's record sits in a loaded file (file name and JSON pointer), if known. */
  record?: { file: string; pointer: string };
  /** Sub-agents this step spawned. */
  subAgents: readonly { id: string; title: string; steps: number }[];
  onOpenSubAgent(id: string): void;
}) {
  const { step } = props;
  if (!step) {
    return (
      <section
        aria-label="Step inspector"
        className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-500"
      >
        Select a step in the timeline or the chart to inspect it.
      </section>
    );
  }
  const text = mainText(step);
  return (
    <Panel label="Step inspector" padded={false} className="flex min-w-0 flex-col gap-4 p-4">
      <header className="flex items-center gap-3">
        <KindBadge kind={step.kind} glyph size="sm" />
        <h2 className="text-lg font-semibold text-slate-900">Step {step.stepNumber}</h2>
        <span className="ml-auto font-mono text-sm text-slate-600">
          {props.exact ? '' : '≈ '}
          {formatTokens(props.tokens ?? 0)} tokens
        </span>
      </header>
      {props.note && (
        <p role="status" className="rounded bg-amber-50 px-2 py-1 text-xs text-amber-900">
          {props.note}
        </p>
      )}
      {step.kind === 'action' && step.error && (
        <div
          role="note"
          className="rounded-md border border-red-200 bg-red-50 p-2 text-sm text-red-800"
        >
          <span className="font-semibold">Error: </span>
          <span className="block max-h-40 overflow-auto whitespace-pre-wrap break-words">
            <AnsiText text={step.error} />
          </span>
        </div>
      )}
      <dl className="flex flex-col gap-1">
        <Field name="Id">
          <code className="text-xs">{step.id}</code>
        </Field>
        {step.timestamp !== undefined && (
          <Field name="Time">{new Date(step.timestamp * 1000).toISOString()}</Field>
        )}
        {step.kind === 'action' && step.durationMs !== undefined && (
          <Field name="Duration">{(step.durationMs / 1000).toFixed(2)} s</Field>
        )}
        {step.kind === 'action' && step.model && <Field name="Model">{step.model}</Field>}
        {step.kind === 'action' && step.usage && (
          <Field name="Reported">
            {step.usage.inputTokens !== undefined && `${formatTokens(step.usage.inputTokens)} in`}
            {step.usage.outputTokens !== undefined &&
              ` · ${formatTokens(step.usage.outputTokens)} out`}
            <span className="text-slate-500"> (estimate: {formatTokens(props.tokens ?? 0)})</span>
          </Field>
        )}
        {step.planStepId && <Field name="Plan step">{step.planStepId}</Field>}
        {step.source && (
          <Field name="Source">
            <code className="text-xs">
              {step.source.format}
              {step.source.file ? ` · ${step.source.file}` : ''}
              {step.source.line !== undefined ? ` line ${step.source.line}` : ''}
              {step.source.pointer !== undefined ? ` ${step.source.pointer || '/'}` : ''}
            </code>
          </Field>
        )}
      </dl>
      {text && (
        <div className="flex flex-col gap-1">
          <Heading>{text.label}</Heading>
          <FoldedText text={text.text} label={text.label} />
        </div>
      )}
      {step.kind === 'action' && step.toolCalls.length > 0 && (
        <div className="flex flex-col gap-2">
          <Heading>Tool calls ({step.toolCalls.length})</Heading>
          {step.toolCalls.map((call) => (
            <div key={call.id} className="rounded-md border border-slate-200 p-2">
              <div className="flex items-center gap-2 text-sm">
                <span className="font-mono font-semibold text-slate-900">{call.name}</span>
                <code className="text-xs text-slate-400">{call.id}</code>
                {call.isError && <Badge tone="red">error</Badge>}
              </div>
              <details className="mt-1">
                <summary className="cursor-pointer text-xs text-slate-600">Arguments</summary>
                {typeof call.arguments === 'string' ? (
                  <FoldedText text={call.arguments} label={`Arguments of ${call.name}`} />
                ) : (
                  <JsonTree value={call.arguments} label={`Arguments of ${call.name}`} />
                )}
              </details>
              {call.result !== undefined ? (
                <div className="mt-1">
                  <div
                    className={`text-xs ${call.isError ? 'font-semibold text-red-700' : 'text-slate-600'}`}
                  >
                    {call.isError ? 'Error result' : 'Result'}
                  </div>
                  <FoldedText
                    text={prettyJson(call.result)}
                    label={`Result of ${call.name}`}
                    tone={call.isError ? 'error' : 'plain'}
                  />
                </div>
              ) : (
                <div className="mt-1 text-xs text-amber-700">No result recorded for this call.</div>
              )}
            </div>
          ))}
        </div>
      )}
      {step.kind === 'action' && step.observation && (
        <div className="flex flex-col gap-1">
          <Heading>Observation</Heading>
          <FoldedText text={step.observation} label="Observation" />
        </div>
      )}
      {props.subAgents.length > 0 && (
        <div className="flex flex-col gap-1">
          <Heading>Sub-agents ({props.subAgents.length})</Heading>
          {props.subAgents.map((a) => (
            <Button
              key={a.id}
              variant="bare"
              onClick={() => props.onOpenSubAgent(a.id)}
              className="flex items-center justify-between rounded-md border border-violet-200 bg-violet-50 px-3 py-2 text-sm hover:border-violet-400"
            >
              <span className="font-medium text-violet-900">Open sub-agent: {a.title}</span>
              <span className="text-xs text-violet-700">{a.steps} steps</span>
            </Button>
          ))}
        </div>
      )}
      {props.record && (
        <OriginalRecord
          key={`${step.id}:${props.record.file}:${props.record.pointer}`}
          file={props.record.file}
          pointer={props.record.pointer}
        />
      )}
      <StepMessages step={step} dialect={props.dialect} onDialect={props.onDialect} />
    </Panel>
  );
}
