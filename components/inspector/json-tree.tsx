'use client';
/** A collapsible JSON tree: objects and arrays fold, leaves show typed values. Everything is text. */
import type { JsonValue } from '../../lib/model/types';

function Leaf({ value }: { value: JsonValue }) {
  if (value === null) return <span className="text-slate-400">null</span>;
  if (typeof value === 'string')
    return <span className="break-all text-emerald-800">&quot;{value}&quot;</span>;
  if (typeof value === 'number') return <span className="text-blue-700">{String(value)}</span>;
  if (typeof value === 'boolean') return <span className="text-violet-700">{String(value)}</span>;
  return null;
}

function Node({ name, value, depth }: { name?: string; value: JsonValue; depth: number }) {
  const label = name === undefined ? null : <span className="text-slate-600">{name}: </span>;
  if (value === null || typeof value !== 'object') {
    return (
      <div role="treeitem" aria-selected={false} className="pl-4">
        {label}
        <Leaf value={value} />
      </div>
    );
  }
  const entries: [string, JsonValue][] = Array.isArray(value)
    ? value.map((v, i) => [String(i), v])
    : Object.entries(value);
  const summary = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`;
  return (
    <div
      role="treeitem"
      aria-selected={false}
      aria-expanded={depth < 2}
      className={depth === 0 ? '' : 'pl-4'}
    >
      <details open={depth < 2}>
        <summary className="cursor-pointer select-none">
          {label}
          <span className="text-slate-400">{summary}</span>
        </summary>
        <div role="group">
          {entries.map(([k, v]) => (
            <Node key={k} name={k} value={v} depth={depth + 1} />
          ))}
        </div>
      </details>
    </div>
  );
}

export function JsonTree({ value, label }: { value: JsonValue; label: string }) {
  return (
    <div
      role="tree"
      aria-label={label}
      className="max-h-[28rem] overflow-auto rounded-md bg-slate-50 p-2 font-mono text-xs"
    >
      <Node value={value} depth={0} />
    </div>
  );
}
