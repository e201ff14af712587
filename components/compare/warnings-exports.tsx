'use client';
/**
 * Per strategy: its warnings (each linked to its step), the identifiers a later call used but it
 * cut (each said as what it is, with the step that introduced it and the call that needed it), its
 * notes, whether its summaries are Stepscope's extractive stand-ins, and its result exported
 * (native, OpenAI, Anthropic, Strands) or copied.
 */
import type { Comparison } from '../../lib/compare/compare';
import { standInNoteOf } from '../../lib/compare/stand-in';
import type { Dialect } from '../../lib/messages';
import type { History } from '../../lib/model/types';
import { Button } from '../ui/button';
import {
  download,
  EXPORT_FORMATS,
  exportDialectOf,
  exportFileName,
  exportText,
  type ExportFormat,
} from './export';
import { LostIdentifiers } from './lost-identifiers';
import { columnColor } from './palette';

export function WarningsAndExports({
  cmp,
  history,
  dialect,
  onSelect,
}: {
  cmp: Comparison;
  history: History;
  dialect: Dialect;
  onSelect(id: string): void;
}) {
  const exportResult = (i: number, format: ExportFormat, copy = false) => {
    const col = cmp.columns[i];
    if (!col?.result) return;
    const text = exportText(history, col.result.steps, col.label, format);
    if (copy) void navigator.clipboard?.writeText(text);
    else download(exportFileName(history, col.choice.strategyId, format), text);
  };
  return (
    <section
      aria-label="Warnings and exports"
      className="grid gap-2"
      style={{
        gridTemplateColumns: `repeat(${Math.min(cmp.columns.length, 3)}, minmax(0, 1fr))`,
      }}
    >
      {cmp.columns.map((c, i) => (
        <div
          key={i}
          className="rounded-lg border border-slate-200 bg-white p-2 text-sm"
          style={{ borderTop: `3px solid ${columnColor(i)}` }}
        >
          <div className="flex flex-wrap items-center justify-between gap-1">
            <span className="font-medium">{c.label}</span>
            {c.result && (
              <span className="flex flex-wrap gap-1 text-xs">
                {EXPORT_FORMATS.map((f) => (
                  <Button
                    variant="secondary"
                    size="xs"
                    key={f}
                    aria-label={`Export ${c.label} as ${f}`}
                    onClick={() => exportResult(i, f)}
                    // The arrow is drawn by CSS, so the visible text ("native") is within the name
                    // (WCAG 2.5.3, label in name).
                    className="before:content-['⤓_']"
                  >
                    {f}
                  </Button>
                ))}
                <Button
                  variant="secondary"
                  size="xs"
                  aria-label={`Copy ${c.label} messages`}
                  onClick={() => exportResult(i, exportDialectOf(dialect), true)}
                >
                  copy
                </Button>
              </span>
            )}
          </div>
          {c.result?.notes.length ? (
            <p className="mt-1 text-xs text-slate-500">{c.result.notes.join(' · ')}</p>
          ) : null}
          {c.result && standInNoteOf(c.result.steps, c.choice.strategyId) && (
            <p className="mt-1 text-xs text-violet-800">
              {standInNoteOf(c.result.steps, c.choice.strategyId)} Exports carry this summary as it
              is.
            </p>
          )}
          <ul aria-label={`Warnings for ${c.label}`} className="mt-1 flex flex-col gap-0.5 text-xs">
            {c.warnings.length === 0 && <li className="text-emerald-700">No warnings.</li>}
            {c.warnings.slice(0, 12).map((w, k) => (
              <li key={k} className="text-amber-800">
                {w.stepId ? (
                  <Button
                    variant="bare"
                    onClick={() => onSelect(w.stepId as string)}
                    className="underline decoration-dotted"
                  >
                    {w.message}
                  </Button>
                ) : (
                  w.message
                )}
              </li>
            ))}
            {c.warnings.length > 12 && (
              <li className="text-slate-500">… {c.warnings.length - 12} more</li>
            )}
            {c.lost.length > 0 && (
              <li className="text-red-700">
                {c.lost.length} {c.lost.length === 1 ? 'identifier' : 'identifiers'} used later but
                no longer in context:
              </li>
            )}
          </ul>
          {c.lost.length > 0 && (
            <div className="mt-0.5 pl-2">
              <LostIdentifiers
                lost={c.lost}
                steps={history.steps}
                calls={cmp.baseline.calls}
                label={`Identifiers ${c.label} lost`}
              />
            </div>
          )}
        </div>
      ))}
    </section>
  );
}
