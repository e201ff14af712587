'use client';
/**
 * A figure's name with its definition (lib/charts/definitions.ts) in a tooltip that opens on hover
 * and on keyboard focus (the kit's Radix tooltip: Escape closes it, the term is described by it
 * while open). The term is a link to the figure's entry on "What these numbers mean", in a new tab
 * so the run on screen stays where it is; a dotted underline says a definition is there, as
 * documentation tools mark a defined term.
 */
import Link from 'next/link';
import type { ReactNode } from 'react';
import { definitionOf, type DefinitionId } from '../../lib/charts/definitions';
import { Tooltip } from '../ui/tooltip';

/** The address of a figure's entry on the help page. */
export const helpHref = (id?: DefinitionId) => `/help${id ? `#${id}` : ''}`;

/** The tooltip's text: the definition, then how it is computed. */
export function DefinitionTip({ id }: { id: DefinitionId }) {
  const d = definitionOf(id);
  return (
    <span className="flex flex-col gap-1">
      <span>{d.definition}</span>
      <span className="text-slate-300">{d.computed}</span>
    </span>
  );
}

export function Term({
  id,
  children,
  className = '',
}: {
  id: DefinitionId;
  /** What the figure is called here; its label by default. */
  children?: ReactNode;
  className?: string;
}) {
  return (
    <Tooltip content={<DefinitionTip id={id} />}>
      <Link
        href={helpHref(id)}
        target="_blank"
        rel="noopener"
        className={`cursor-help rounded-sm underline decoration-dotted decoration-1 underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 ${className}`.trim()}
      >
        {children ?? definitionOf(id).label}
      </Link>
    </Tooltip>
  );
}

/** A quiet link to the whole page of definitions. */
export function HelpLink({ children = 'What these numbers mean' }: { children?: ReactNode }) {
  return (
    <Link
      href={helpHref()}
      target="_blank"
      rel="noopener"
      className="rounded-sm font-medium text-blue-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
    >
      {children}
    </Link>
  );
}
