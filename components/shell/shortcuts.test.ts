import { describe, expect, it } from 'vitest';
import { SHORTCUTS, shortcutOf, type KeyPress, type KeyTarget } from './shortcuts';

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});
const page: KeyTarget = { typing: false, ownsArrows: false, ownsEnter: false, ownsEscape: false };

describe('key bindings', () => {
  it('maps every key the table lists to its command, and nothing else', () => {
    expect(shortcutOf(press('j'), page)).toBe('next-step');
    expect(shortcutOf(press('ArrowDown'), page)).toBe('next-step');
    expect(shortcutOf(press('k'), page)).toBe('previous-step');
    expect(shortcutOf(press('ArrowUp'), page)).toBe('previous-step');
    expect(shortcutOf(press('Enter'), page)).toBe('open-step');
    expect(shortcutOf(press('Escape'), page)).toBe('escape');
    expect(shortcutOf(press('/'), page)).toBe('search');
    expect(shortcutOf(press('?'), page)).toBe('help');
    expect(shortcutOf(press('k', { ctrlKey: true }), page)).toBe('palette');
    expect(shortcutOf(press('K', { metaKey: true }), page)).toBe('palette');
    expect(shortcutOf(press('x'), page)).toBeUndefined();
    // Every command the table names is reachable by one of its own keys.
    for (const s of SHORTCUTS)
      for (const m of s.match)
        expect(shortcutOf(press(m.key, m.mod ? { ctrlKey: true } : {}), page)).toBe(s.id);
  });

  it("leaves the browser's shortcuts and the focused control's keys alone", () => {
    // Ctrl+J (downloads), ⌘+↓, Alt+K: the browser's.
    expect(shortcutOf(press('j', { ctrlKey: true }), page)).toBeUndefined();
    expect(shortcutOf(press('ArrowDown', { metaKey: true }), page)).toBeUndefined();
    expect(shortcutOf(press('k', { altKey: true }), page)).toBeUndefined();
    expect(shortcutOf(press('k', { ctrlKey: true, altKey: true }), page)).toBeUndefined();
    // Typing in a field: keys type, but the palette still opens (it types nothing).
    const field = { ...page, typing: true };
    for (const key of ['j', 'k', '/', '?', 'Enter', 'Escape', 'ArrowDown'])
      expect(shortcutOf(press(key), field)).toBeUndefined();
    expect(shortcutOf(press('k', { ctrlKey: true }), field)).toBe('palette');
    // A select or tabs move with the arrows; j and k still walk the steps.
    const select = { ...page, ownsArrows: true };
    expect(shortcutOf(press('ArrowDown'), select)).toBeUndefined();
    expect(shortcutOf(press('j'), select)).toBe('next-step');
    // A focused button takes Enter; an open dialog takes Esc.
    expect(shortcutOf(press('Enter'), { ...page, ownsEnter: true })).toBeUndefined();
    expect(shortcutOf(press('Escape'), { ...page, ownsEscape: true })).toBeUndefined();
  });
});
