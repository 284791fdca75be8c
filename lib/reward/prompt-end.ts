/**
 * Where the prompt ends in a query that a trainer decoded from token ids (OpenRLHF: decode(prompt_ids + response_ids),
 * skip_special_tokens=False). The decode is not always the prompt text it was encoded from: Llama 3's
 * clean_up_tokenization_spaces drops spaces (`some 'restricted'` → `some'restricted'`), SentencePiece decoders add or
 * drop a space after special tokens, a tokenizer may put a BOS in front, and a prompt over the trainer's max_len is
 * cut from the left. So the prompt is matched ignoring whitespace, with a BOS in front skipped, and failing that its
 * last TAIL non-space characters are looked for: the end of the prompt is where they end.
 */

/** BOS tokens a decode may put in front of a prompt whose text lacks them (or the reverse). */
export const BOS_MARKERS = ["<|begin_of_text|>", "<｜begin▁of▁sentence｜>", "<|startoftext|>", "<bos>", "<s>", "[BOS]"] as const;

const TAIL = 256;

/** JavaScript's \s, by char code: what the whitespace-insensitive match skips. */
export function isSpace(c: number): boolean {
  return (
    c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}

/** The index in `query` where the response begins, or null when the query does not hold the prompt. */
export function findPromptEnd(query: string, prompt: string): number | null {
  if (query.startsWith(prompt)) return prompt.length;
  return alignIgnoringSpace(query, prompt) ?? findTail(query, prompt);
}

function skipSpace(s: string, i: number): number {
  while (i < s.length && isSpace(s.charCodeAt(i))) i++;
  return i;
}

function bosAt(s: string, i: number): string | undefined {
  return BOS_MARKERS.find((b) => s.startsWith(b, i));
}

function alignIgnoringSpace(query: string, prompt: string): number | null {
  let i = skipSpace(prompt, 0);
  let j = skipSpace(query, 0);
  // A BOS on either side is the tokenizer's, not the prompt's words.
  const qb = bosAt(query, j);
  const pb = bosAt(prompt, i);
  if (qb !== undefined) j = skipSpace(query, j + qb.length);
  if (pb !== undefined) i = skipSpace(prompt, i + pb.length);
  let end = j;
  for (;;) {
    i = skipSpace(prompt, i);
    if (i >= prompt.length) return end;
    j = skipSpace(query, j);
    if (j >= query.length || prompt.charCodeAt(i) !== query.charCodeAt(j)) return null;
    i++;
    j++;
    end = j;
  }
}

function findTail(query: string, prompt: string): number | null {
  const tail: number[] = [];
  for (let i = prompt.length - 1; i >= 0 && tail.length < TAIL; i--) {
    const c = prompt.charCodeAt(i);
    if (!isSpace(c)) tail.push(c);
  }
  if (tail.length === 0) return null;
  tail.reverse();
  const needle = String.fromCharCode(...tail);
  const chars: number[] = [];
  const at: number[] = [];
  // The prompt's part of the query is about as long as the prompt (shorter when cut): the response is not searched.
  const limit = Math.min(query.length, prompt.length + (prompt.length >> 3) + 1024);
  for (let j = 0; j < limit; j++) {
    const c = query.charCodeAt(j);
    if (isSpace(c)) continue;
    chars.push(c);
    at.push(j);
  }
  let compact = "";
  for (let k = 0; k < chars.length; k += 8192) compact += String.fromCharCode(...chars.slice(k, k + 8192));
  const found = compact.indexOf(needle);
  return found < 0 ? null : at[found + needle.length - 1]! + 1;
}
