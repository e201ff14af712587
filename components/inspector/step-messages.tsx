'use client';
/**
 * The messages a step is sent as, in the chosen dialect: rendered (roles, texts with their line
 * breaks, calls, results) or as the JSON the dialect builds.
 */
import { useState } from 'react';
import { stepToMessages, type Dialect } from '../../lib/messages';
import type { Step } from '../../lib/model/types';
import { Segmented } from '../ui/segmented';
import { DialectSelect } from './dialect-select';
import { FoldedText } from './folded-text';
import { MessageList } from './message-list';

type Shown = 'rendered' | 'json';

export function StepMessages(props: {
  step: Step;
  dialect: Dialect;
  onDialect(dialect: Dialect): void;
}) {
  const [shown, setShown] = useState<Shown>('rendered');
  const messages = stepToMessages(props.step, props.dialect);
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">
          Messages sent for this step
        </h3>
        <Segmented
          label="Rendered or JSON"
          value={shown}
          onChange={setShown}
          options={[
            { value: 'rendered', label: 'Rendered' },
            { value: 'json', label: 'JSON' },
          ]}
          className="ml-auto"
        />
        <DialectSelect value={props.dialect} onChange={props.onDialect} />
      </div>
      {messages.length === 0 ? (
        <p className="text-xs text-slate-500">This step sends no message in this dialect.</p>
      ) : shown === 'rendered' ? (
        <MessageList messages={messages} />
      ) : (
        <FoldedText text={JSON.stringify(messages, null, 2)} label="Messages" ansi={false} />
      )}
    </div>
  );
}
