'use client';
/**
 * A long list with only the rows on screen in the page (TanStack Virtual,
 * https://tanstack.com/virtual/latest/docs/api/virtualizer): a scroll container of a given height,
 * a spacer as tall as every row, and each row placed absolutely at its offset. Rows are of one fixed
 * height, or measured as they render (`measure`: rows that unfold). The caller renders each row's
 * element, so rows keep their own roles and keys; it spreads `placement` on it.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';

export interface RowPlacement {
  style: CSSProperties;
  /** Set when rows are measured: the virtualizer reads the row's height from its element. */
  ref?: (element: Element | null) => void;
  'data-index'?: number;
}

export function VirtualRows(props: {
  count: number;
  /** Every row's height in px, or the estimate before a measured row renders. */
  rowHeight: number;
  /** Rows vary in height: measure each as it renders. */
  measure?: boolean;
  /** Rows rendered past each edge, so a fast scroll shows no gap (12 unless told). */
  overscan?: number;
  /** The scroll container's largest height (CSS). */
  maxHeight: string;
  className?: string;
  /** The element that holds the rows (`ol` for an ordered list). */
  list?: 'div' | 'ol';
  /** A row to bring into view when it changes (a step selected elsewhere); -1 for none. */
  scrollTo?: number;
  /** Where the row to bring into view lands: `auto` leaves a row already on screen where it is. */
  align?: 'auto' | 'center';
  /** The scroll container's role (a table's rowgroup). */
  role?: string;
  /** Shown in the scroll container when there is no row. */
  empty?: ReactNode;
  renderRow(index: number, placement: RowPlacement): ReactNode;
}) {
  const { count, rowHeight, measure = false, overscan = 12, scrollTo = -1, align = 'auto' } = props;
  const parent = useRef<HTMLDivElement>(null);
  // The app does not use the React Compiler, whose memoization this warning is about.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => parent.current,
    estimateSize: () => rowHeight,
    overscan,
  });
  useEffect(() => {
    if (scrollTo >= 0) virtualizer.scrollToIndex(scrollTo, { align });
  }, [scrollTo, align, virtualizer]);
  const List = props.list ?? 'div';
  return (
    <div
      ref={parent}
      role={props.role}
      className={props.className}
      style={{ maxHeight: props.maxHeight }}
    >
      {count === 0 && props.empty}
      <List style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((v) => {
          const style: CSSProperties = {
            position: 'absolute',
            top: 0,
            left: 0,
            right: 0,
            transform: `translateY(${v.start}px)`,
          };
          return props.renderRow(
            v.index,
            measure
              ? { style, ref: virtualizer.measureElement, 'data-index': v.index }
              : { style: { ...style, height: rowHeight } },
          );
        })}
      </List>
    </div>
  );
}
