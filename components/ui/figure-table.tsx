/**
 * A compact table of figures (a sweep's points, the check against reported usage): headers over
 * rows whose cells are numbers in monospace, so digits line up; a cell of words says `text`.
 */
import type { ReactNode, TdHTMLAttributes } from 'react';

export function FigureTable(props: {
  label: string;
  headers: readonly ReactNode[];
  children: ReactNode;
  className?: string;
}) {
  return (
    <table
      aria-label={props.label}
      className={`w-full text-left text-xs ${props.className ?? ''}`.trim()}
    >
      <thead className="text-slate-500">
        <tr>
          {props.headers.map((h, i) => (
            <th key={i} className="py-0.5 font-semibold">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{props.children}</tbody>
    </table>
  );
}

export function FigureCell({
  text = false,
  className = '',
  ...rest
}: TdHTMLAttributes<HTMLTableCellElement> & { text?: boolean }) {
  return <td className={`py-0.5 ${text ? '' : 'font-mono'} ${className}`.trim()} {...rest} />;
}
