'use client';
/**
 * A confirmation before something that cannot be undone, on Radix Alert Dialog
 * (https://www.radix-ui.com/primitives/docs/components/alert-dialog; the WAI-ARIA alertdialog
 * pattern): modal, focus kept inside and given to Cancel first (the safe choice), Escape cancels,
 * focus goes back to the button that opened it.
 */
import * as RadixAlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactElement, ReactNode } from 'react';
import { buttonClass } from './button';

export function ConfirmDialog(props: {
  /** The button that asks: one element that takes a ref and an onClick. */
  children: ReactElement;
  title: string;
  description: ReactNode;
  /** The confirming button's text: the action, never "OK". */
  confirm: string;
  onConfirm(): void;
}) {
  return (
    <RadixAlertDialog.Root>
      <RadixAlertDialog.Trigger asChild>{props.children}</RadixAlertDialog.Trigger>
      <RadixAlertDialog.Portal>
        <RadixAlertDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <RadixAlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg border border-slate-200 bg-white p-4 shadow-xl">
          <RadixAlertDialog.Title className="text-base font-semibold text-slate-900">
            {props.title}
          </RadixAlertDialog.Title>
          <RadixAlertDialog.Description className="mt-1 text-sm text-slate-600">
            {props.description}
          </RadixAlertDialog.Description>
          <div className="mt-4 flex justify-end gap-2">
            <RadixAlertDialog.Cancel className={buttonClass('secondary', 'sm')}>
              Cancel
            </RadixAlertDialog.Cancel>
            <RadixAlertDialog.Action
              className={buttonClass('danger', 'sm')}
              onClick={props.onConfirm}
            >
              {props.confirm}
            </RadixAlertDialog.Action>
          </div>
        </RadixAlertDialog.Content>
      </RadixAlertDialog.Portal>
    </RadixAlertDialog.Root>
  );
}
