/**
 * Picks an option as a person does. The UI kit's Select (components/ui/select.tsx, on Radix) is a
 * combobox button that opens a listbox: click it, then the option. A native <select> (the run picker,
 * a view not yet on the kit) is set through its own control. `option` is what Playwright's
 * `selectOption` takes (a value or a label, `{ label }`, or `{ index }`), or `{ text }`: the first
 * option whose text contains it.
 */
import type { Locator } from '@playwright/test';

export async function choose(
  select: Locator,
  option: string | { label: string } | { index: number } | { text: string },
): Promise<void> {
  if ((await select.evaluate((el) => el.tagName)) === 'SELECT') {
    if (typeof option === 'object' && 'text' in option)
      throw new Error('a native <select> is chosen by value, label or index');
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
        : 'text' in option
          ? listbox.getByRole('option').filter({ hasText: option.text })
          : listbox.getByRole('option').nth(option.index);
  // Scrolling an option into view shows the list's scroll-up arrow, which moves every option down a
  // little: on a loaded machine Playwright's click, aimed before that render, can land beside the
  // option. Scroll first, click once the option has stopped moving, and see the list close.
  const picked = target.first();
  await picked.scrollIntoViewIfNeeded();
  await settled(picked);
  await picked.click();
  await listbox.waitFor({ state: 'detached' });
}

/** Waits until the element's box is the same over three animation frames in a row. */
async function settled(element: Locator): Promise<void> {
  await element.evaluate(
    (el) =>
      new Promise<void>((resolve) => {
        let last = '';
        let same = 0;
        const frame = () => {
          const r = el.getBoundingClientRect();
          const box = `${r.x},${r.y},${r.width},${r.height}`;
          same = box === last ? same + 1 : 0;
          last = box;
          if (same >= 3) resolve();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}
