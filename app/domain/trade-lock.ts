/**
 * Trade lock (spec section 4 and 9): an item becomes tradeable once now passes its bought date
 * plus 7 days at 09:00 in the user's local time. "Local" is a time zone name (IANA): the browser
 * tells it through a cookie; until then the server uses DEFAULT_TIME_ZONE.
 */
export const TRADE_LOCK_DAYS = 7;
export const TRADE_UNLOCK_HOUR = 9;
export const DEFAULT_TIME_ZONE = "UTC";
/** The cookie the browser writes with its time zone (docs/features/collector-tools.md, "Trade lock in the user's time zone"). */
export const TIME_ZONE_COOKIE = "tz";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export function isTimeZone(value: unknown): value is string {
  if (typeof value !== "string" || value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

// A formatter per time zone, built once: building one costs far more than using it. Time zones
// are checked names (`isTimeZone`), a few hundred at most, and the map is emptied past that.
const wallClocks = new Map<string, Intl.DateTimeFormat>();
function wallClock(timeZone: string) {
  let clock = wallClocks.get(timeZone);
  if (!clock) {
    if (wallClocks.size >= 500) wallClocks.clear();
    clock = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    });
    wallClocks.set(timeZone, clock);
  }
  return clock;
}

/** The wall-clock time in `timeZone` at an instant. */
export function wallTime(instant: number, timeZone: string): WallTime {
  const parts = wallClock(timeZone).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour") % 24, minute: get("minute") };
}

/** The instant at which the clock in `timeZone` shows the given wall time. */
export function instantOf(time: WallTime, timeZone: string): number {
  const asUtc = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute);
  const offsetAt = (instant: number) => {
    const wall = wallTime(instant, timeZone);
    return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) - instant;
  };
  const first = asUtc - offsetAt(asUtc);
  // Near a daylight-saving change the offset at the guess may differ from the offset at the answer.
  return asUtc - offsetAt(first);
}

/** A calendar date "YYYY-MM-DD" that exists. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1970 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Today's date "YYYY-MM-DD" on the clock in `timeZone`. */
export function todayIn(now: number, timeZone: string): string {
  const { year, month, day } = wallTime(now, timeZone);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** When an item bought on `boughtAt` ("YYYY-MM-DD") becomes tradeable: 7 days later at 09:00 local. */
export function tradeableAt(boughtAt: string, timeZone: string): number {
  const [year, month, day] = boughtAt.split("-").map(Number) as [number, number, number];
  const unlockDay = new Date(Date.UTC(year, month - 1, day + TRADE_LOCK_DAYS));
  return instantOf(
    { year: unlockDay.getUTCFullYear(), month: unlockDay.getUTCMonth() + 1, day: unlockDay.getUTCDate(), hour: TRADE_UNLOCK_HOUR, minute: 0 },
    timeZone,
  );
}

export function isTradeable(boughtAt: string, timeZone: string, now: number): boolean {
  return now >= tradeableAt(boughtAt, timeZone);
}

/** "Nov 29, 2026, 9:00 AM" on the clock in `timeZone`; built by hand so server and browser agree. */
export function formatLocalDateTime(instant: number, timeZone: string): string {
  const { year, month, day, hour, minute } = wallTime(instant, timeZone);
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${MONTHS[month - 1]} ${day}, ${year}, ${hour12}:${String(minute).padStart(2, "0")} ${hour < 12 ? "AM" : "PM"}`;
}

/** "Nov 22, 2026" for a calendar date "YYYY-MM-DD". */
export function formatCalendarDate(date: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return `${MONTHS[month - 1]} ${day}, ${year}`;
}

/** The badge text: 'Trade Locked until {date}' before the unlock, then 'Tradeable'. */
export function tradeLockLabel(boughtAt: string, timeZone: string, now: number): string {
  const unlock = tradeableAt(boughtAt, timeZone);
  return now >= unlock ? "Tradeable" : `Trade Locked until ${formatLocalDateTime(unlock, timeZone)}`;
}
