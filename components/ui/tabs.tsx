'use client';
/**
 * Tabs as the WAI-ARIA pattern has them: a tablist of tabs, each controlling its tab panel; one tab in
 * the tab order (roving tabindex), arrow keys move and select, Home and End go to the ends.
 */
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<T extends string> {
  readonly id: T;
  readonly label: ReactNode;
}

function tabId(base: string, id: string) {
  return `${base}-tab-${id}`;
}

function panelId(base: string, id: string) {
  return `${base}-panel-${id}`;
}

/** The ids that tie a tab to its panel, for one set of tabs. */
export function useTabIds(): string {
  return useId().replace(/:/g, '');
}

export function Tabs<T extends string>(props: {
  label: string;
  items: readonly TabItem<T>[];
  value: T;
  onChange(value: T): void;
  base: string;
  size?: 'sm' | 'xs';
}) {
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const { items, value, onChange } = props;
  const move = (event: KeyboardEvent, index: number) => {
    const last = items.length - 1;
    const to =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    if (to === undefined) return;
    event.preventDefault();
    const next = items[to] as TabItem<T>;
    onChange(next.id);
    refs.current.get(next.id)?.focus();
  };
  const size = props.size === 'xs' ? 'px-2 py-1 text-xs' : 'px-3 py-1 text-sm';
  return (
    <div role="tablist" aria-label={props.label} className="flex flex-wrap gap-1">
      {items.map((item, i) => {
        const selected = item.id === value;
        return (
          <button
            key={item.id}
            ref={(el) => {
              if (el) refs.current.set(item.id, el);
              else refs.current.delete(item.id);
            }}
            id={tabId(props.base, item.id)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId(props.base, item.id)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(item.id)}
            onKeyDown={(e) => move(e, i)}
            className={`rounded-md font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-1 ${size} ${selected ? 'bg-slate-900 text-white' : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50'}`}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

/** The panel of the selected tab. */
export function TabPanel(props: {
  base: string;
  id: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="tabpanel"
      id={panelId(props.base, props.id)}
      aria-labelledby={tabId(props.base, props.id)}
      className={props.className}
    >
      {props.children}
    </div>
  );
}
