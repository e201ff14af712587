/**
 * Gemini `Part`s (googleapis/js-genai `types.ts`: `text` with `thought`, `inlineData`, `fileData`,
 * `functionCall {id, name, args}`, `functionResponse {id, name, response}`) as Stepscope reads them.
 * Shared by the formats that keep Gemini `Content`: Gemini CLI's recordings (gemini-cli.ts) and
 * `Content[]` exports (gemini-contents.ts), and Qwen Code, a Gemini CLI fork whose chat records hold
 * one `Content` each (qwen-code.ts).
 */
import type { ToolCall } from '../model/types';
import { imagePlaceholder, isRecord, parseArguments, str } from './util';

/**
 * A function response's text as the model read it: the tools' `{output}` or `{error}` (Gemini CLI's
 * `convertToFunctionResponse`), else the response as JSON.
 */
export function responseText(response: unknown): { text: string; isError: boolean } {
  if (isRecord(response)) {
    if (typeof response.output === 'string') return { text: response.output, isError: false };
    if (typeof response.error === 'string') return { text: response.error, isError: true };
  }
  return {
    text: typeof response === 'string' ? response : JSON.stringify(response ?? null),
    isError: false,
  };
}

/** A Gemini `PartListUnion` (a string, a part, or a list of them) as the text the model saw. */
export function partsText(content: unknown): string {
  if (content === undefined || content === null) return '';
  if (typeof content === 'string') return content;
  const parts = Array.isArray(content) ? content : [content];
  return parts
    .map((p) => {
      if (typeof p === 'string') return p;
      if (!isRecord(p)) return str(p);
      if (typeof p.text === 'string') return p.text;
      if (isRecord(p.inlineData))
        return imagePlaceholder(
          str(p.inlineData.mimeType ?? 'unknown type'),
          typeof p.inlineData.data === 'string' ? p.inlineData.data.length : undefined,
        );
      if (isRecord(p.fileData)) return `[file: ${str(p.fileData.fileUri ?? '')}]`;
      if (isRecord(p.functionResponse)) return responseText(p.functionResponse.response).text;
      return JSON.stringify(p);
    })
    .join('\n');
}

/** The text parts that are (`thought`) or are not the model's thinking, joined. */
export function textOf(parts: readonly Record<string, unknown>[], thought: boolean): string {
  return parts
    .flatMap((p) =>
      typeof p.text === 'string' && (p.thought === true) === thought ? [p.text] : [],
    )
    .join('\n');
}

/** The `functionCall` parts as tool calls; a call without an id gets `call_<turn>_<k>`. */
export function functionCallsOf(
  parts: readonly Record<string, unknown>[],
  turn: number | string,
): ToolCall[] {
  return parts
    .flatMap((p) => (isRecord(p.functionCall) ? [p.functionCall] : []))
    .map((call, k) => ({
      id: typeof call.id === 'string' && call.id ? call.id : `call_${turn}_${k}`,
      name: str(call.name ?? 'tool'),
      arguments: parseArguments(isRecord(call.args) ? call.args : undefined),
    }));
}
