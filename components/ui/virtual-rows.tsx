'use client';
/**
 * A long list with only the rows on screen in the page (TanStack Virtual,
 * https://tanstack.com/virtual/latest/docs/api/virtualizer): a scroll container of a given height,
 * a spacer as tall as every row, and each row placed absolutely at its offset. Rows are of one fixed
 * height, or measured as they render (`measure`: rows that unfold). The caller renders each row's
 * element, so rows keep their own roles and keys; it spreads `placement` on it.
 *
 * The row to bring into view (`scrollTo`: the selected step) follows as in Chrome DevTools' lists: a
 * row just off the edge scrolls in by the least (the keyboard stepping through), a row far away is
 * centred (a deep link, a click on a chart bar), also on the first render; then the page scrolls by
 * the least that shows the row (and keeps it shown while the page above the list still fills in),
 * and when the focus was in the list it moves to the row.
 */
import {
  elementScroll,
  observeElementRect,
  useVirtualizer,
  type Rect,
  type Virtualizer,
} from '@tanstack/react-virtual';
import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';

export interface RowPlacement {
  style: CSSProperties;
  /** Set when rows are measured: the virtualizer reads the row's height from its element. */
  ref?: (element: Element | null) => void;
  /** The row's index: how the virtualizer measures it, and how the row to bring into view is found. */
  'data-index': number;
}

/**
 * Frames the virtualizer takes at least to settle a scroll to an index (it reconciles for 2–3
 * frames); after them, the list must also have stopped moving for two frames.
 */
const SETTLE_FRAMES = 4;
/** Frames to wait at most for the row to render and the list to settle (about a second). */
const RENDER_FRAMES = 60;
/** How long a revealed row is kept in view while the page around it still changes (see `keepInView`). */
const KEEP_MS = 10_000;
/** What the user does to take the page's scroll over from a revealed row. */
const TAKEOVER = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/** `center` when the row is more than half a view away from what is on screen, else `auto`. */
function alignFor(
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  element: HTMLElement,
  index: number,
  rowHeight: number,
): 'auto' | 'center' {
  const view = element.clientHeight;
  const top = element.scrollTop;
  const item = virtualizer.measurementsCache[index];
  const start = item?.start ?? index * rowHeight;
  const end = item?.end ?? start + rowHeight;
  const away = start < top ? top - start : end > top + view ? end - top - view : 0;
  return away > view / 2 ? 'center' : 'auto';
}

/**
 * The scroll container's size, from a ResizeObserver alone: its first report comes when the browser
 * lays the new page out for the next frame, so mounting a list forces no layout of the whole page
 * in React's commit (the default reads the container's size there: ~40 ms of a 9,405-step run's
 * first render). Until then the list takes the window's height (`initialRect`). Where there is no
 * ResizeObserver (jsdom), the default.
 */
function observeRectUnforced(
  instance: Virtualizer<HTMLDivElement, Element>,
  report: (rect: Rect) => void,
): (() => void) | undefined {
  const element = instance.scrollElement;
  const view = instance.targetWindow;
  if (!element || !view?.ResizeObserver) return observeElementRect(instance, report);
  const observer = new view.ResizeObserver(() =>
    report({ width: element.clientWidth, height: element.clientHeight }),
  );
  observer.observe(element, { box: 'content-box' });
  return () => observer.disconnect();
}

/** Until the list's container is measured: as tall as the window, so the first rows are there. */
function windowRect(): Rect {
  return typeof window === 'undefined'
    ? { width: 0, height: 0 }
    : { width: window.innerWidth, height: window.innerHeight };
}

/**
 * After the page scrolls to a row, what is above the list may still be filling in (a panel that
 * renders a moment later: at 18ff0fd the run's totals did, and pushed a deep-linked row 268 px
 * down, out of view for good). Until the user scrolls, clicks, touches or types (or `KEEP_MS`
 * pass), a row that stops being wholly in view is brought back by the least scroll. Returns the
 * function that lets go.
 */
function keepInView(row: HTMLElement): () => void {
  const view = row.ownerDocument.defaultView;
  if (!view?.IntersectionObserver) return () => {};
  const observer = new view.IntersectionObserver(
    ([entry]) => {
      if (!row.isConnected) letGo();
      else if (entry && entry.intersectionRatio < 1)
        row.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    },
    { threshold: 1 },
  );
  observer.observe(row);
  const timer = view.setTimeout(letGo, KEEP_MS);
  for (const type of TAKEOVER) view.addEventListener(type, letGo, { capture: true, passive: true });
  function letGo() {
    observer.disconnect();
    view?.clearTimeout(timer);
    for (const type of TAKEOVER) view?.removeEventListener(type, letGo, { capture: true });
  }
  return letGo;
}

/** The element to focus in a row: the row itself when it takes focus, else its first button or link. */
function focusTarget(row: HTMLElement): HTMLElement | null {
  if (row.tabIndex >= 0) return row;
  return row.querySelector<HTMLElement>('button, a[href], [tabindex]:not([tabindex="-1"])');
}

/**
 * The list, or while it has no row only its container and `empty`: the virtualizer measures its
 * scroll container as it mounts (a layout of the whole page, forced in the commit), so a list whose
 * rows come a render later (the runs overview's) measures then, not in the page's first commit.
 */
export function VirtualRows(props: VirtualRowsProps) {
  if (props.count > 0) return <VirtualList {...props} />;
  return (
    <div role={props.role} className={props.className} style={{ maxHeight: props.maxHeight }}>
      {props.empty}
    </div>
  );
}

interface VirtualRowsProps {
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
  /**
   * Whether the page also scrolls to show that row (true unless told): a list the user's selection
   * drives follows it onto the screen; a list that follows another control (the compare view's rows
   * follow the context slider) scrolls only inside its box, so the control stays where it is.
   */
  revealInPage?: boolean;
  /** The scroll container's role (a table's rowgroup). */
  role?: string;
  /** Shown in the scroll container when there is no row. */
  empty?: ReactNode;
  renderRow(index: number, placement: RowPlacement): ReactNode;
}

function VirtualList(props: VirtualRowsProps) {
  const {
    count,
    rowHeight,
    measure = false,
    overscan = 12,
    scrollTo = -1,
    align = 'auto',
    revealInPage = true,
  } = props;
  const parent = useRef<HTMLDivElement>(null);
  // Until the list's first effects: its container is new, so at the top already. The virtualizer
  // scrolls it there as it mounts, which would force a layout of the whole page in the commit.
  const mounting = useRef(true);
  // A list that opens on a row (a deep link) measures its container at once: where the row lands
  // depends on the container's height, and scrolling to it lays the page out anyway.
  const opensOnRow = useRef(scrollTo >= 0);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => parent.current,
    estimateSize: () => rowHeight,
    overscan,
    observeElementRect: (instance, report) =>
      opensOnRow.current
        ? observeElementRect(instance, report)
        : observeRectUnforced(instance, report),
    initialRect: windowRect(),
    scrollToFn: (offset, options, instance) => {
      if (mounting.current && offset + (options.adjustments ?? 0) === 0) return;
      elementScroll(offset, options, instance);
    },
  });
  useEffect(() => {
    mounting.current = false;
  }, []);
  useEffect(() => {
    const element = parent.current;
    if (scrollTo < 0 || !element) return;
    const hadFocus = element.contains(document.activeElement);
    // Where the row lands depends on the container's height: its own, even before the observer's
    // first report (reading it lays the page out, as the scroll will).
    virtualizer.scrollRect = { width: element.clientWidth, height: element.clientHeight };
    virtualizer.scrollToIndex(scrollTo, {
      align: align === 'auto' ? alignFor(virtualizer, element, scrollTo, rowHeight) : align,
    });
    // Once the list has settled and the row is rendered: the page shows it (the list may sit
    // partly below the fold), and the focus follows it when it was in the list.
    let frame = 0;
    let last = -1;
    let still = 0;
    let letGo = () => {};
    let id = requestAnimationFrame(function follow() {
      frame++;
      still = element.scrollTop === last ? still + 1 : 0;
      last = element.scrollTop;
      const row = element.querySelector<HTMLElement>(`[data-index="${scrollTo}"]`);
      if (row && frame >= SETTLE_FRAMES && still >= 2) {
        if (revealInPage) {
          row.scrollIntoView({ block: 'nearest', inline: 'nearest' });
          letGo = keepInView(row);
        }
        if (hadFocus) focusTarget(row)?.focus({ preventScroll: true });
      } else if (frame < RENDER_FRAMES) id = requestAnimationFrame(follow);
    });
    return () => {
      cancelAnimationFrame(id);
      letGo();
    };
  }, [scrollTo, align, virtualizer, rowHeight, revealInPage]);
  const List = props.list ?? 'div';
  return (
    <div
      ref={parent}
      role={props.role}
      className={props.className}
      style={{ maxHeight: props.maxHeight }}
    >
      <List
        style={{
          height: virtualizer.getTotalSize(),
          position: 'relative',
          contain: 'layout style',
        }}
      >
        {virtualizer.getVirtualItems().map((v) => {
          const style: CSSProperties = {
            position: 'absolute',
            top: 0,
            left: 0,
            right: 0,
            transform: `translateY(${v.start}px)`,
          };
          // Each row is laid out and painted on its own (CSS containment): a row scrolling in
          // does not make the browser lay out or paint the list again; a row of fixed height is
          // also sized without its content. A row clips its paint: a row's own button draws its
          // focus ring inside (button.tsx, `bare`).
          return props.renderRow(
            v.index,
            measure
              ? {
                  style: { ...style, contain: 'content' },
                  ref: virtualizer.measureElement,
                  'data-index': v.index,
                }
              : {
                  style: { ...style, height: rowHeight, contain: 'strict' },
                  'data-index': v.index,
                },
          );
        })}
      </List>
    </div>
  );
}
