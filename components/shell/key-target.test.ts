// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { keyTargetOf } from './key-target';

afterEach(() => {
  document.body.innerHTML = '';
});

function element(html: string, selector: string): Element {
  document.body.innerHTML = html;
  return document.querySelector(selector) as Element;
}

describe('what has the focus when a key is pressed', () => {
  it('tells fields, arrow widgets, Enter controls and popups apart', () => {
    expect(keyTargetOf(document.body)).toEqual({
      typing: false,
      ownsArrows: false,
      ownsEnter: false,
      ownsEscape: false,
    });
    expect(keyTargetOf(element('<input type="search">', 'input')).typing).toBe(true);
    expect(keyTargetOf(element('<textarea></textarea>', 'textarea')).typing).toBe(true);
    expect(keyTargetOf(element('<input type="checkbox">', 'input')).typing).toBe(false);
    expect(keyTargetOf(element('<div contenteditable="true"></div>', 'div')).typing).toBe(true);
    // A select's trigger and tabs move with the arrows.
    expect(keyTargetOf(element('<button role="combobox">x</button>', 'button')).ownsArrows).toBe(
      true,
    );
    expect(
      keyTargetOf(element('<div role="tablist"><button role="tab">t</button></div>', 'button')),
    ).toMatchObject({ ownsArrows: true, ownsEnter: true });
    // A button takes Enter, but the selected step's row leaves it to the shortcut (open the step).
    expect(keyTargetOf(element('<button>Go</button>', 'button')).ownsEnter).toBe(true);
    expect(
      keyTargetOf(element('<li><button aria-current="true">Step 3</button></li>', 'button'))
        .ownsEnter,
    ).toBe(false);
    // A chart in the Tab order handles its own Enter.
    expect(keyTargetOf(element('<div role="img" tabindex="0"></div>', 'div')).ownsEnter).toBe(true);
    // A panel the shortcut focused (tabindex -1) does not.
    expect(keyTargetOf(element('<section tabindex="-1"></section>', 'section')).ownsEnter).toBe(
      false,
    );
    // Inside a dialog, Escape closes the dialog.
    expect(keyTargetOf(element('<div role="dialog"><input></div>', 'input'))).toMatchObject({
      typing: true,
      ownsEscape: true,
    });
  });
});
