/**
 * Terminal escape sequences in recorded output (a command's colours, a shell's bracketed-paste
 * switches `ESC[?2004h`/`ESC[?2004l` in OpenHands' bash output), for display only: the step keeps
 * the text as the file holds it, so counts, strategies and the original record never change.
 *
 * Two maintained parsers, each for what it does: anser (IonicaBizau/anser) reads CSI sequences and
 * keeps the SGR ones as colours and decorations (it drops the other CSI sequences), but passes every
 * other escape through untouched (OSC 8 hyperlinks and window titles, `ESC(B`, a lone `ESC`);
 * strip-ansi (ansi-regex) removes those from what anser leaves. Backgrounds, 256-colour indices
 * past the 16 named colours and true colour are dropped: a palette the page controls keeps every
 * text readable in both themes.
 */
import Anser from 'anser';
import stripAnsiCodes from 'strip-ansi';

export const ANSI_COLORS = [
  'black',
  'red',
  'green',
  'yellow',
  'blue',
  'magenta',
  'cyan',
  'white',
] as const;
export type AnsiColor = (typeof ANSI_COLORS)[number];

/** A run of text in one style. */
export interface AnsiSegment {
  readonly text: string;
  readonly color?: AnsiColor;
  readonly bold?: true;
  readonly italic?: true;
  readonly underline?: true;
}

/** ESC (7-bit) or CSI (8-bit C1): text without either has no escape sequence to read. */
export function hasAnsi(text: string): boolean {
  return text.includes('\u001b') || text.includes('\u009b');
}

/** The text with every escape sequence removed. */
export function stripAnsi(text: string): string {
  return hasAnsi(text) ? stripAnsiCodes(text) : text;
}

/** anser's class names for the 16 colours (`ansi-red`, `ansi-bright-red`, `ansi-palette-9`). */
function colorOf(name: string | null | undefined): AnsiColor | undefined {
  if (!name) return undefined;
  const named = /^ansi-(?:bright-)?([a-z]+)$/.exec(name);
  if (named) return ANSI_COLORS.find((c) => c === named[1]);
  // 256-colour indices 0-15 are the named colours (ECMA-48 / xterm); the rest are not drawn.
  const palette = /^ansi-palette-(\d+)$/.exec(name);
  const index = palette ? Number(palette[1]) : -1;
  return index >= 0 && index < 16 ? ANSI_COLORS[index % 8] : undefined;
}

/** The text as styled runs, with no escape sequence left in any run. */
export function ansiSegments(text: string): AnsiSegment[] {
  if (!hasAnsi(text)) return [{ text }];
  const out: AnsiSegment[] = [];
  for (const entry of Anser.ansiToJson(text, { use_classes: true, remove_empty: true })) {
    const content = stripAnsi(entry.content);
    if (content === '') continue;
    const color = colorOf(entry.fg);
    const decorations = new Set(entry.decorations);
    out.push({
      text: content,
      ...(color ? { color } : {}),
      ...(decorations.has('bold') ? { bold: true as const } : {}),
      ...(decorations.has('italic') ? { italic: true as const } : {}),
      ...(decorations.has('underline') ? { underline: true as const } : {}),
    });
  }
  return out;
}
