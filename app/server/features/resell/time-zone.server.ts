import { DEFAULT_TIME_ZONE, isTimeZone, TIME_ZONE_COOKIE } from "~/domain/trade-lock";
import { readCookie } from "../consent.server";

/** The user's time zone as the browser last told it (cookie), else the documented default (UTC). */
export function requestTimeZone(request: Request): string {
  const value = readCookie(request, TIME_ZONE_COOKIE);
  return isTimeZone(value) ? value : DEFAULT_TIME_ZONE;
}
