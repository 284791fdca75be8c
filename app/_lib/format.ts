export { advisoryWhy, ci, f2, f3, pct } from "@/lib/format";

export const when = (iso: string) => iso.replace("T", " ").slice(0, 16);
