// @vitest-environment happy-dom
/**
 * The long list (Testing Library on happy-dom): only the rows in view are rendered, each placed at
 * its offset; a row to show is scrolled to, then kept in view while the page above it fills in;
 * rows of different heights measure themselves; an empty list says so.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VirtualRows } from './virtual-rows';

afterEach(cleanup);

describe('VirtualRows', () => {
  // happy-dom lays nothing out: give the scroll container the sizes a browser would (a 300 px view).
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(300);
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(300_000);
  });
  afterEach(() => vi.restoreAllMocks());

  it('renders the rows in view of 10,000, each placed at its offset, and scrolls to a row', () => {
    const scrolled = vi.fn();
    vi.spyOn(HTMLElement.prototype, 'scrollTo').mockImplementation(scrolled);
    // A browser reports an observed element's size once it lays the page out; happy-dom never does.
    const observers: (() => void)[] = [];
    vi.spyOn(window, 'ResizeObserver').mockImplementation(function (report) {
      return {
        observe: () => observers.push(() => report([], this as unknown as ResizeObserver)),
        unobserve: () => {},
        disconnect: () => {},
      } as unknown as ResizeObserver;
    });
    const rows = (scrollTo: number) => (
      <VirtualRows
        count={10_000}
        rowHeight={30}
        overscan={5}
        maxHeight="50vh"
        role="rowgroup"
        scrollTo={scrollTo}
        align="center"
        renderRow={(i, placement) => (
          <div role="row" key={i} {...placement}>
            row {i}
          </div>
        )}
      />
    );
    const { rerender } = render(rows(-1));
    // Until its container is measured, the list fills the window (happy-dom's is 768 px tall), and
    // it does not scroll its new container to the top it is at (that would force a layout).
    expect(screen.getAllByRole('row')).toHaveLength(Math.ceil(window.innerHeight / 30) + 5);
    expect(scrolled).not.toHaveBeenCalled();
    expect(observers).toHaveLength(1);
    act(() => observers.forEach((report) => report()));
    const shown = screen.getAllByRole('row');
    expect(shown.length).toBeGreaterThanOrEqual(10);
    expect(shown.length).toBeLessThanOrEqual(20);
    expect(shown[3]?.style.transform).toBe('translateY(90px)');
    expect(shown[3]?.style.height).toBe('30px');
    expect(shown[3]?.style.position).toBe('absolute');
    const group = screen.getByRole('rowgroup');
    expect(group.style.maxHeight).toBe('50vh');
    expect((group.firstElementChild as HTMLElement).style.height).toBe('300000px');
    expect(scrolled).not.toHaveBeenCalledWith(expect.objectContaining({ top: 149_865 }));
    rerender(rows(5_000));
    // Centred: the row's top (5,000 × 30), less half the view, plus half the row.
    expect(scrolled).toHaveBeenCalledWith(expect.objectContaining({ top: 149_865 }));
  });

  it('keeps a revealed row in view while the page above it fills in, until the user scrolls', () => {
    // Frames run when the test says; the row's visibility is what an IntersectionObserver reports.
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((run) => frames.push(run));
    const flushFrames = (n: number) => {
      for (let i = 0; i < n; i++) act(() => frames.splice(0).forEach((run) => run(0)));
    };
    const revealed = vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(() => {});
    let report: (ratio: number) => void = () => {};
    const watched: Element[] = [];
    const disconnect = vi.fn();
    vi.spyOn(window, 'IntersectionObserver').mockImplementation(function (callback) {
      report = (ratio) =>
        callback(
          [{ intersectionRatio: ratio } as IntersectionObserverEntry],
          this as unknown as IntersectionObserver,
        );
      const observe = (row: Element) => void watched.push(row);
      return { observe, disconnect } as unknown as IntersectionObserver;
    });
    const rows = (scrollTo: number) => (
      <VirtualRows
        count={20}
        rowHeight={30}
        maxHeight="50vh"
        scrollTo={scrollTo}
        renderRow={(i, placement) => (
          <div role="row" key={i} {...placement}>
            row {i}
          </div>
        )}
      />
    );
    const { rerender } = render(rows(3));
    expect(revealed).not.toHaveBeenCalled();
    flushFrames(6);
    // Revealed once the list settled, then watched.
    expect(revealed).toHaveBeenCalledTimes(1);
    expect(revealed.mock.contexts[0]).toBe(screen.getByText('row 3'));
    expect(watched).toEqual([screen.getByText('row 3')]);
    // The totals arrive above the list and push the row partly out of view: it comes back.
    report(0.4);
    expect(revealed).toHaveBeenCalledTimes(2);
    report(1);
    expect(revealed).toHaveBeenCalledTimes(2);
    // The user scrolls: the page is theirs.
    expect(disconnect).not.toHaveBeenCalled();
    fireEvent.wheel(window);
    expect(disconnect).toHaveBeenCalledTimes(1);
    // A new row to show: the old one is let go, the new one watched after its reveal.
    rerender(rows(7));
    flushFrames(6);
    expect(revealed).toHaveBeenCalledTimes(3);
    expect(watched.at(-1)).toBe(screen.getByText('row 7'));
    rerender(rows(-1));
    expect(disconnect).toHaveBeenCalledTimes(3);
  });

  it('lets rows of different heights measure themselves, and shows a note when there is none', () => {
    render(
      <VirtualRows
        count={3}
        rowHeight={40}
        measure
        overscan={2}
        maxHeight="70vh"
        list="ol"
        renderRow={(i, placement) => (
          <li key={i} {...placement}>
            row {i}
          </li>
        )}
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-index'))).toEqual(['0', '1', '2']);
    expect(items[0]?.style.height).toBe('');
    cleanup();
    render(
      <VirtualRows
        count={0}
        rowHeight={30}
        overscan={5}
        maxHeight="50vh"
        empty={<p>No step matches these filters.</p>}
        renderRow={() => null}
      />,
    );
    expect(screen.getByText('No step matches these filters.')).toBeTruthy();
  });
});
