/** A control with its caption above it, as in a row of form fields (a sweep's range, prices). */
import type { ReactNode } from 'react';

export function Field(props: { caption: ReactNode; children: ReactNode; className?: string }) {
  return (
    <label className={`flex flex-col text-xs text-slate-600 ${props.className ?? ''}`.trim()}>
      {props.caption}
      {props.children}
    </label>
  );
}
