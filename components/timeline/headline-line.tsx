'use client';
/**
 * A step's headline (lib/model/headline.ts) as a row shows it: each call's name in bold with its
 * main argument, the step's text when it made no call, and its error's first line in red. The
 * timeline stacks the error under the line; the table keeps both on one line. Text only.
 */
import { Fragment } from 'react';
import { headlineOf, headlineText, type HeadlineCall } from '../../lib/model/headline';
import type { Step } from '../../lib/model/types';

function Call({ call }: { call: HeadlineCall }) {
  const name = (
    <span className={`font-semibold ${call.failed ? 'text-red-700' : 'text-slate-900'}`}>
      {call.name}
    </span>
  );
  if (call.form === 'command')
    return (
      <span className="font-mono text-[0.8125rem]">
        {name}
        <span className="text-slate-700">{call.detail.slice(call.name.length)}</span>
      </span>
    );
  if (call.form === 'call')
    return (
      <span className="font-mono text-[0.8125rem]">
        {name}
        <span className="text-slate-600">({call.detail})</span>
      </span>
    );
  return (
    <span className="font-mono text-[0.8125rem]">
      {name}
      {call.detail !== '' && <span className="text-slate-700">: {call.detail}</span>}
    </span>
  );
}

export function HeadlineLine({
  step,
  layout,
  className = '',
}: {
  step: Step;
  /** `stacked`: the error on a line of its own under the headline (the timeline's taller rows). */
  layout: 'stacked' | 'inline';
  className?: string;
}) {
  const headline = headlineOf(step);
  const main =
    headline.calls.length > 0 ? (
      headline.calls.map((call, i) => (
        <Fragment key={i}>
          {i > 0 && <span className="text-slate-400"> · </span>}
          <Call call={call} />
        </Fragment>
      ))
    ) : (
      <span className="text-slate-700">{headline.text}</span>
    );
  const error = headline.error !== undefined && (
    <span className="text-red-700">{headline.error}</span>
  );
  if (layout === 'stacked' && error)
    return (
      <span
        className={`flex min-w-0 flex-col leading-tight ${className}`}
        title={headlineText(headline)}
      >
        <span className="truncate">{main}</span>
        <span className="truncate text-xs">{error}</span>
      </span>
    );
  return (
    <span className={`min-w-0 truncate ${className}`} title={headlineText(headline)}>
      {main}
      {error && (headline.calls.length > 0 || headline.text !== '') && (
        <span className="text-slate-400"> · </span>
      )}
      {error}
    </span>
  );
}
