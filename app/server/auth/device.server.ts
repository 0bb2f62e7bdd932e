import Bowser from "bowser";

/** Longer agents are cut before parsing: a header is the client's to fill, and parsing costs CPU. */
const MAX_AGENT_LENGTH = 512;

/**
 * A rough device for the session list ("Firefox on Linux", "Safari on iOS, mobile"), from the
 * User-Agent header by bowser; only this label is stored, never the agent itself. An agent bowser
 * does not know reads "Unknown browser on an unknown system".
 */
export function deviceLabel(userAgent: string | null): string {
  const agent = (userAgent ?? "").slice(0, MAX_AGENT_LENGTH);
  if (agent.trim() === "") return "Unknown browser on an unknown system";
  const parser = Bowser.getParser(agent);
  const browser = parser.getBrowserName() || "Unknown browser";
  const system = parser.getOSName() || "an unknown system";
  const platform = parser.getPlatformType();
  const kind = platform === "mobile" || platform === "tablet" ? `, ${platform}` : "";
  return `${browser} on ${system}${kind}`;
}
