/**
 * Issue 26, item 9: the kind of a flip's or blocker's reason, to select flips "by reason" for one review. The reason's
 * own words with the case's specifics taken out — quoted text, numbers — so "H5: commitment to '24 hours' (not
 * allowed)" and "H5: commitment to '3 days' (not allowed)" are one kind.
 */
export function reasonKind(reason: string | null): string {
  if (!reason) return "no reason given";
  return reason
    .replace(/'[^']*'|"[^"]*"|“[^”]*”/g, "‘…’")
    .replace(/-?\d+(\.\d+)?/g, "#")
    .replace(/\s+/g, " ")
    .trim();
}
