'use client';
/**
 * A hint on an interactive element, on Radix Tooltip
 * (https://www.radix-ui.com/primitives/docs/components/tooltip): it opens when the pointer rests on
 * the element or keyboard focus reaches it, closes on Escape, and while open the element is
 * described by it (`aria-describedby`, as the WAI-ARIA tooltip pattern has it). The app mounts one
 * TooltipProvider (app/layout.tsx), so moving from one hint to the next skips the delay; a tooltip
 * rendered without it (a component test) brings its own.
 */
import * as RadixTooltip from '@radix-ui/react-tooltip';
import {
  createContext,
  useContext,
  useRef,
  useState,
  type ReactElement,
  type ReactNode,
} from 'react';

const Provided = createContext(false);

/** How long the pointer rests before a hint shows, in ms (Radix's default is 700). */
const DELAY = 400;

/**
 * Radix closes an open tooltip on any scroll of a box around its element; focus that reaches an
 * element outside its box's view (Tab to a table column past the right edge) scrolls it in a frame
 * later, which would close the hint the focus just opened. A close that comes with a scroll this
 * soon after focus is that scroll's and is ignored; Escape, blur and the pointer still close.
 */
const FOCUS_SCROLL_GRACE_MS = 300;

export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={DELAY}>
      <Provided.Provider value={true}>{children}</Provided.Provider>
    </RadixTooltip.Provider>
  );
}

export function Tooltip({
  content,
  children,
  side = 'top',
}: {
  content: ReactNode;
  /** The element the hint describes: one element that takes a ref and event handlers. */
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
}) {
  const provided = useContext(Provided);
  const [open, setOpen] = useState(false);
  const focusedAt = useRef(Number.NEGATIVE_INFINITY);
  const scrolledAt = useRef(Number.NEGATIVE_INFINITY);
  const stopListening = useRef<() => void>(() => {});
  const tip = (
    <RadixTooltip.Root
      open={open}
      onOpenChange={(next) => {
        const now = performance.now();
        const focusScroll =
          now - focusedAt.current < FOCUS_SCROLL_GRACE_MS &&
          scrolledAt.current >= focusedAt.current;
        if (!next && focusScroll && now - scrolledAt.current < 50) return;
        setOpen(next);
      }}
    >
      <RadixTooltip.Trigger
        asChild
        onFocus={() => {
          focusedAt.current = performance.now();
          // Before Radix's own listener (added once the hint opens), so the close sees the scroll.
          const onScroll = () => {
            scrolledAt.current = performance.now();
          };
          window.addEventListener('scroll', onScroll, { capture: true });
          stopListening.current = () => window.removeEventListener('scroll', onScroll, true);
        }}
        onBlur={() => {
          focusedAt.current = Number.NEGATIVE_INFINITY;
          stopListening.current();
        }}
      >
        {children}
      </RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content
          side={side}
          sideOffset={4}
          collisionPadding={8}
          className="z-50 max-w-sm rounded-md bg-slate-900 px-2 py-1 text-xs leading-snug text-white shadow-md"
        >
          {content}
          <RadixTooltip.Arrow className="fill-slate-900" />
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
  return provided ? (
    tip
  ) : (
    <RadixTooltip.Provider delayDuration={DELAY}>{tip}</RadixTooltip.Provider>
  );
}
