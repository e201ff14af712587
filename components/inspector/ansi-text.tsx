'use client';
/**
 * Recorded output with its terminal colours: the escape sequences read as styled spans (lib/model/
 * ansi.ts), the text itself rendered as text, never as HTML. A colour is the page's own shade, dark
 * enough on the light panel (WCAG AA), so a command's white or yellow stays readable.
 */
import { ansiSegments, type AnsiColor, type AnsiSegment } from '../../lib/model/ansi';

const COLOR: Record<AnsiColor, string> = {
  black: '',
  red: 'text-red-700',
  green: 'text-green-700',
  yellow: 'text-amber-700',
  blue: 'text-blue-700',
  magenta: 'text-fuchsia-700',
  cyan: 'text-cyan-700',
  white: '',
};

function classOf(s: AnsiSegment): string {
  return [
    s.color ? COLOR[s.color] : '',
    s.bold ? 'font-bold' : '',
    s.italic ? 'italic' : '',
    s.underline ? 'underline' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The segments up to `limit` visible characters (a folded text shows its start). */
function upTo(segments: readonly AnsiSegment[], limit: number): AnsiSegment[] {
  const out: AnsiSegment[] = [];
  let left = limit;
  for (const s of segments) {
    if (left <= 0) break;
    out.push(s.text.length <= left ? s : { ...s, text: s.text.slice(0, left) });
    left -= s.text.length;
  }
  return out;
}

/** The visible text of recorded output (what a fold counts). */
export function visibleText(text: string): string {
  return ansiSegments(text)
    .map((s) => s.text)
    .join('');
}

export function AnsiText({ text, limit }: { text: string; limit?: number }) {
  const segments = ansiSegments(text);
  const shown = limit === undefined ? segments : upTo(segments, limit);
  return (
    <>
      {shown.map((s, i) => {
        const className = classOf(s);
        return className ? (
          <span key={i} className={className}>
            {s.text}
          </span>
        ) : (
          s.text
        );
      })}
    </>
  );
}
