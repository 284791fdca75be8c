import { InputError } from "../../lib/io/input-error";
import { toDecisionPoints, type DecisionPoint } from "../../lib/pack/decision-points";
import { episodeFileSchema, type Episode } from "../../lib/schemas/episode";
import { listFiles, readJsonFile, repoPath } from "./files";

/** Loads golden/episodes/*.json; a duplicate episode or decision id anywhere is an InputError naming both files. */
export function loadEpisodes(dir = repoPath("golden", "episodes")): Episode[] {
  const files = listFiles(dir, ".json");
  if (files.length === 0) throw new InputError(dir, 0, "", "no episode files found");
  const episodes: Episode[] = [];
  const seen = new Map<string, string>();
  for (const file of files) {
    const doc = readJsonFile(file, episodeFileSchema);
    doc.episodes.forEach((ep, i) => {
      if (ep.family !== doc.family) throw new InputError(file, 0, `episodes[${i}].family`, `episode ${ep.id} is ${ep.family} in a ${doc.family} file`);
      for (const id of [ep.id, ...ep.turns.flatMap((t) => (t.role === "decision" ? [t.id] : []))]) {
        const prev = seen.get(id);
        if (prev) throw new InputError(file, 0, `episodes[${i}]`, `duplicate id ${id} (also in ${prev})`);
        seen.set(id, file);
      }
      episodes.push(ep);
    });
  }
  return episodes;
}

export function loadDecisionPoints(dir?: string): DecisionPoint[] {
  return toDecisionPoints(loadEpisodes(dir));
}
