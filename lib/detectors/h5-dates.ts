// Calendar dates for H5's end-date evidence (issue 25): "the end date of an allowed window" is granted only where the
// date IS that window's end, counted in business days from a date the conversation gives. Dates are month and day
// ("March 9", "Tuesday, May 20", "3/15"); the year is the one in which a named weekday falls on that date (episodes
// span 2025 and 2026), else 2026. Business days skip weekends only: the pack names no holidays.

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const DATE =
  /\b(?:(sun|mon|tues|wednes|thurs|fri|satur)day,?\s+)?(?:the\s+)?(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b|\b(?:(sun|mon|tues|wednes|thurs|fri|satur)day,?\s+)?(\d{1,2})\/(\d{1,2})\b/gi;

export type CalendarDate = { month: number; day: number; start: number; end: number; weekday: number | null };

/** Every month-day date in the text, with its named weekday if one stands right before it. */
export function calendarDates(text: string): CalendarDate[] {
  const out: CalendarDate[] = [];
  DATE.lastIndex = 0;
  for (let m = DATE.exec(text); m !== null; m = DATE.exec(text)) {
    const wd = (m[1] ?? m[4])?.toLowerCase();
    const weekday = wd ? WEEKDAYS.findIndex((w) => w.startsWith(wd)) : -1;
    const month = m[2] ? MONTHS.indexOf((m[2] as string).slice(0, 3).toLowerCase()) : Number(m[5]) - 1;
    const day = Number(m[3] ?? m[6]);
    if (month < 0 || month > 11 || day < 1 || day > 31) continue;
    out.push({ month, day, start: m.index, end: m.index + m[0].length, weekday: weekday >= 0 ? weekday : null });
  }
  return out;
}

/** The year in which the date falls on its named weekday (2024–2027), else 2026. */
function yearOf(d: CalendarDate, hint: number | null): number {
  const weekday = d.weekday ?? hint;
  if (weekday === null) return 2026;
  for (const y of [2026, 2025, 2027, 2024]) if (new Date(Date.UTC(y, d.month, d.day)).getUTCDay() === weekday) return y;
  return 2026;
}

function addBusinessDays(t: Date, n: number): Date {
  const d = new Date(t.getTime());
  let left = n;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const w = d.getUTCDay();
    if (w !== 0 && w !== 6) left--;
  }
  return d;
}

/** Business days in an allowed claim: "5 business days" → 5, "next business day" / "1 business day" → 1, else null. */
export function businessDaysOf(claim: string): number | null {
  const m = /^(\d+) business days?$/i.exec(claim.trim());
  if (m) return Number(m[1]);
  return /^(?:next|1) business day$/i.test(claim.trim()) ? 1 : null;
}

const key = (d: Date) => `${d.getUTCMonth()}-${d.getUTCDate()}`;

/**
 * The month-days an allowed window can end on: each base date (the customer's dates, and dates the reply counts from)
 * plus each allowed number of business days. A base that names no weekday borrows one from any date the reply names
 * for the same month-day.
 */
export function allowedEnds(bases: readonly CalendarDate[], allowed: readonly string[]): Set<string> {
  const out = new Set<string>();
  const spans = allowed.map(businessDaysOf).filter((n): n is number => n !== null);
  for (const b of bases) {
    const start = new Date(Date.UTC(yearOf(b, null), b.month, b.day));
    for (const n of spans) out.add(key(addBusinessDays(start, n)));
  }
  return out;
}

export const monthDay = (d: CalendarDate) => `${d.month}-${d.day}`;
