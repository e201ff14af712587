/**
 * A deterministic OpenAI chat-completions history for the benchmarks (issue 13): a system prompt, a
 * task, then turns of one to three parallel tool calls with their results, occasional assistant
 * text and follow-up user turns. Tool outputs are prose, code, JSON, logs and unicode text of
 * 100 B to 20 KB. The same seed and size always give the same bytes (mulberry32 PRNG).
 *
 * `generateMessages({ messages })` returns the list; `generateHistoryText` its JSON text.
 * Run directly to write a file: `tsx bench/generate.ts out.json [messages]`.
 */
import { writeFileSync } from 'node:fs';

export interface GeneratedMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | null;
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

/** mulberry32: a small, fast, well-distributed 32-bit PRNG. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'the a of to and in that is for it with as was on be by this are from at an or which have not ' +
  'agent model context window token budget tool call result history step plan memory summary ' +
  'observation error retry request response cache prefix trim prune keep drop message user ' +
  'assistant system function argument value file path line column test build deploy server ' +
  'client query index table row column schema migration latency throughput queue worker thread'
).split(' ');
const UNICODE = [
  'naïve café déjà vu',
  'Größe Straße Übung',
  '東京の天気は晴れです',
  '数据库连接已建立',
  '안녕하세요 세계',
  'Привет, мир',
  'مرحبا بالعالم',
  '🚀 deploy ✅ done ⚠️ warn',
  'καλημέρα κόσμε',
  'ñandú pingüino',
];
const TOOLS = ['read_file', 'run_tests', 'search_code', 'http_get', 'query_db', 'list_dir'];

export function generateMessages(options: {
  messages: number;
  seed?: number;
  /** Largest tool output in bytes (20,000 by default). */
  maxOutput?: number;
}): GeneratedMessage[] {
  const rand = prng(options.seed ?? 13);
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)] as T;
  const sentence = () => {
    const n = int(6, 18);
    const words = Array.from({ length: n }, () => pick(WORDS));
    const s = words.join(' ');
    return `${s[0]?.toUpperCase()}${s.slice(1)}.`;
  };
  const upTo = (size: number, piece: () => string, sep: string) => {
    const parts: string[] = [];
    let n = 0;
    while (n < size) {
      const p = piece();
      parts.push(p);
      n += p.length + sep.length;
    }
    return parts.join(sep);
  };
  const prose = (size: number) => upTo(size, sentence, ' ');
  const code = (size: number) =>
    upTo(
      size,
      () => {
        const name = `${pick(WORDS)}_${pick(WORDS)}_${int(0, 999)}`;
        return `def ${name}(x, y=${int(0, 9)}):\n    """${sentence()}"""\n    if x > ${int(0, 100)}:\n        return x * y + ${int(0, 50)}\n    return ${name}(x + 1, y)\n`;
      },
      '\n',
    );
  const json = (size: number) => {
    const rows: unknown[] = [];
    let n = 2;
    while (n < size) {
      const row = {
        id: int(1, 1_000_000),
        name: `${pick(WORDS)} ${pick(WORDS)}`,
        score: Math.round(rand() * 1e4) / 100,
        tags: [pick(WORDS), pick(WORDS)],
        active: rand() < 0.5,
      };
      n += JSON.stringify(row).length + 1;
      rows.push(row);
    }
    return JSON.stringify(rows, null, rand() < 0.5 ? 2 : 0);
  };
  const logs = (size: number) =>
    upTo(
      size,
      () =>
        `2026-11-${String(int(1, 28)).padStart(2, '0')}T${String(int(0, 23)).padStart(2, '0')}:${String(int(0, 59)).padStart(2, '0')}:${String(int(0, 59)).padStart(2, '0')}.${String(int(0, 999)).padStart(3, '0')}Z ${pick(['INFO', 'WARN', 'ERROR', 'DEBUG'])} [${pick(WORDS)}-${int(1, 8)}] ${sentence()} (${int(1, 5000)} ms)`,
      '\n',
    );
  const unicode = (size: number) => upTo(size, () => `${pick(UNICODE)} ${sentence()}`, '\n');
  const output = () => {
    // Sizes 100 B to 20 KB, skewed small (log-uniform).
    const size = Math.round(
      100 * Math.exp(rand() ** 0.85 * Math.log((options.maxOutput ?? 20_000) / 100)),
    );
    return pick([prose, code, json, logs, unicode])(size);
  };

  const out: GeneratedMessage[] = [
    { role: 'system', content: `You are a careful software agent. ${prose(2_000)}` },
    { role: 'user', content: `Task: ${prose(400)}` },
  ];
  let call = 0;
  while (out.length < options.messages) {
    const r = rand();
    if (r < 0.04) {
      out.push({ role: 'user', content: `Follow-up: ${prose(int(80, 600))}` });
      continue;
    }
    if (r < 0.08) {
      out.push({ role: 'assistant', content: prose(int(100, 1_500)) });
      continue;
    }
    const parallel = rand() < 0.15 ? int(2, 3) : 1;
    const calls = Array.from({ length: parallel }, () => ({
      id: `call_${(call++).toString(36).padStart(6, '0')}`,
      type: 'function' as const,
      function: {
        name: pick(TOOLS),
        arguments: JSON.stringify({ path: `/src/${pick(WORDS)}/${pick(WORDS)}.py`, n: int(1, 99) }),
      },
    }));
    out.push({ role: 'assistant', content: rand() < 0.5 ? sentence() : null, tool_calls: calls });
    for (const c of calls) out.push({ role: 'tool', tool_call_id: c.id, content: output() });
  }
  return out;
}

export function generateHistoryText(options: Parameters<typeof generateMessages>[0]): string {
  return JSON.stringify(generateMessages(options));
}

if (process.argv[1]?.endsWith('generate.ts')) {
  const file = process.argv[2];
  if (!file) {
    process.stderr.write('usage: tsx bench/generate.ts <out.json> [messages]\n');
    process.exit(1);
  }
  const text = generateHistoryText({ messages: Number(process.argv[3] ?? 20_000) });
  writeFileSync(file, text);
  process.stdout.write(`${file}: ${(text.length / 2 ** 20).toFixed(1)} MB\n`);
}
