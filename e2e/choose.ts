/**
 * Picks an option as a person does. The UI kit's Select (components/ui/select.tsx, on Radix) is a
 * combobox button that opens a listbox: click it, then the option. A native <select> (the run picker,
 * a view not yet on the kit) is set through its own control. `option` is what Playwright's
 * `selectOption` takes: a value or a label, `{ label }`, or `{ index }`.
 */
import type { Locator } from '@playwright/test';

export async function choose(
  select: Locator,
  option: string | { label: string } | { index: number },
): Promise<void> {
  if ((await select.evaluate((el) => el.tagName)) === 'SELECT') {
    await select.selectOption(option);
    return;
  }
  await select.click();
  // One listbox is open at a time, and while it is the rest of the page is hidden from assistive
  // technology (a modal popover): the select's own locator may no longer resolve by role.
  const listbox = select.page().getByRole('listbox');
  const named = (label: string) => listbox.getByRole('option', { name: label, exact: true });
  const target =
    typeof option === 'string'
      ? listbox.locator(`[role=option][data-value="${option}"]`).or(named(option))
      : 'label' in option
        ? named(option.label)
        : listbox.getByRole('option').nth(option.index);
  await target.first().click();
}
