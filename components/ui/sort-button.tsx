/** A column header that sorts its table: the header's text and an arrow for the direction it sorts. */
import type { ReactNode } from 'react';
import { Button } from './button';

export function SortButton(props: {
  /** How the column sorts now (TanStack Table's `getIsSorted()`). */
  direction: false | 'asc' | 'desc';
  onClick: ((event: unknown) => void) | undefined;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Button variant="bare" onClick={props.onClick} className={props.className}>
      {props.children}
      {props.direction === 'asc' ? ' ↑' : props.direction === 'desc' ? ' ↓' : ''}
    </Button>
  );
}
