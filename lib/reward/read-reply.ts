import { END_MARKERS, stripEndMarkers } from "./end-markers";
import { splitReasoning } from "./reasoning";

/**
 * What every route scores of a model's text: the answer without the end markers it ends with and without a leading
 * reasoning block, and whether there was reasoning (OR'd with what the request says). The result may still break the
 * output contract; the format gate judges it then, as seed 000 says (format-invalid, never an error).
 */
export function readReply(text: string, thinking: boolean, markers: readonly string[] = END_MARKERS): { raw: string; thinking: boolean } {
  const r = splitReasoning(stripEndMarkers(text, markers));
  return { raw: stripEndMarkers(r.reply, markers), thinking: thinking || r.thinking };
}
