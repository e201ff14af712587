/**
 * The browser's own select with the kit's look (shadcn/ui has both too). The kit's Select (Radix)
 * serves every menu of the app; this one serves the run picker, whose specs read the control's value
 * and its options as a form control's (e2e/app.spec.ts), and whose hundreds of runs are a list the
 * browser's own control handles well (its native picker on touch screens included).
 */
import type { SelectHTMLAttributes } from 'react';
import { selectClass } from './select';

export function NativeSelect({ className = '', ...rest }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={`${selectClass} ${className}`.trim()} {...rest} />;
}
