/**
 * A message box. `error` is an alert (announced at once); `warning`, `info` and `success` are status
 * messages (announced politely). An optional Dismiss button.
 */
import type { ReactNode } from 'react';
import { Button } from './button';

export type AlertTone = 'error' | 'warning' | 'info' | 'success';

const TONE: Record<AlertTone, string> = {
  error: 'border-red-200 bg-red-50 text-red-800',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
  info: 'border-slate-200 bg-white text-slate-700',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
};

export function Alert(props: {
  tone: AlertTone;
  label?: string;
  title?: ReactNode;
  children: ReactNode;
  onDismiss?: () => void;
  className?: string;
}) {
  return (
    <div
      role={props.tone === 'error' ? 'alert' : 'status'}
      aria-label={props.label}
      className={`flex items-start gap-3 rounded-md border px-3 py-2 text-sm ${TONE[props.tone]} ${props.className ?? ''}`}
    >
      {props.title && <span className="font-semibold">{props.title}</span>}
      <span className="min-w-0 flex-1 break-words">{props.children}</span>
      {props.onDismiss && (
        <Button variant="link" size="xs" onClick={props.onDismiss} className="text-current">
          Dismiss
        </Button>
      )}
    </div>
  );
}

/** An error next to what caused it (a parameter, a form): announced, but not a box. */
export function InlineError(props: { children: ReactNode; className?: string }) {
  return (
    <p role="alert" className={`text-red-700 ${props.className ?? ''}`}>
      {props.children}
    </p>
  );
}
