import { useEffect, useState } from "react";
import { TIME_ZONE_COOKIE, tradeLockLabel } from "~/domain/trade-lock";

/**
 * The user's clock: the server renders with the time zone it knows (the `tz` cookie, else UTC)
 * and its own "now"; once JavaScript runs, the browser's zone and clock take over, and the cookie
 * is written so the next page arrives right from the server.
 */
export function useLocalClock(serverTimeZone: string, serverNow: number): { timeZone: string; now: number } {
  const [clock, setClock] = useState({ timeZone: serverTimeZone, now: serverNow });
  useEffect(() => {
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || serverTimeZone;
    setClock({ timeZone, now: Date.now() });
    if (timeZone !== serverTimeZone) {
      document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(timeZone)}; Path=/; Max-Age=31536000; SameSite=Lax`;
    }
  }, [serverTimeZone]);
  return clock;
}

export function TradeLockBadge({ boughtAt, timeZone, now }: { boughtAt: string; timeZone: string; now: number }) {
  const label = tradeLockLabel(boughtAt, timeZone, now);
  const tradeable = label === "Tradeable";
  return (
    <span
      className={`inline-block rounded px-2 py-1 text-xs font-bold ${tradeable ? "bg-green-900/60 text-green-200" : "bg-amber-900/60 text-amber-200"}`}
      data-testid="trade-lock"
    >
      {label}
    </span>
  );
}
