import { describe, expect, it } from "vitest";
import {
  acceptCookies,
  applyConsentChoice,
  consentStorageEntries,
  declineCookies,
  hasConsent,
  needsConsentChoice,
  parseConsent,
  serializeConsent,
  nextConsent,
  setCookiesEnabled,
  type ConsentEvent,
  type CookieConsent,
  type StoredConsent,
} from "~/domain/cookie-consent";

const ALL_STATES: StoredConsent[] = [
  null,
  { accepted: false, enabled: false },
  { accepted: false, enabled: true },
  { accepted: true, enabled: false },
  { accepted: true, enabled: true },
];

describe("cookie consent transitions", () => {
  const EVENTS: ConsentEvent[] = [{ type: "accept" }, { type: "decline" }, { type: "set-enabled", enabled: true }, { type: "set-enabled", enabled: false }];
  const expected = (state: StoredConsent, event: ConsentEvent): CookieConsent => {
    if (event.type === "accept") return { accepted: true, enabled: true };
    if (event.type === "decline") return { accepted: false, enabled: false };
    return { accepted: state?.accepted ?? false, enabled: event.enabled };
  };
  const cases = ALL_STATES.flatMap((state) => EVENTS.map((event) => [state, event, expected(state, event)] as const));

  it("covers every state and event", () => {
    expect(cases).toHaveLength(20);
  });

  it.each(cases)("from %j, %j leads to %j", (state, event, to) => {
    expect(nextConsent(state, event)).toEqual(to);
  });

  it("accept sets accepted and enabled, decline clears both", () => {
    expect(applyConsentChoice("accept")).toEqual(acceptCookies());
    expect(acceptCookies()).toEqual({ accepted: true, enabled: true });
    expect(applyConsentChoice("decline")).toEqual(declineCookies());
    expect(declineCookies()).toEqual({ accepted: false, enabled: false });
  });

  it.each([
    [null, true, { accepted: false, enabled: true }],
    [{ accepted: true, enabled: true }, false, { accepted: true, enabled: false }],
    [{ accepted: true, enabled: false }, true, { accepted: true, enabled: true }],
  ] as [StoredConsent, boolean, CookieConsent][])("toggling enabled alone keeps accepted: %j -> %s", (from, enabled, to) => {
    expect(setCookiesEnabled(from, enabled)).toEqual(to);
  });

  it("counts consent only when accepted and enabled are both true", () => {
    expect(ALL_STATES.map(hasConsent)).toEqual([false, false, false, false, true]);
  });

  it("asks for a choice only while none is stored", () => {
    expect(ALL_STATES.map(needsConsentChoice)).toEqual([true, false, false, false, false]);
  });

  it("accept after decline and decline after accept switch the consent", () => {
    let state: StoredConsent = null;
    state = applyConsentChoice("decline");
    expect(hasConsent(state)).toBe(false);
    state = applyConsentChoice("accept");
    expect(hasConsent(state)).toBe(true);
    state = setCookiesEnabled(state, false);
    expect(hasConsent(state)).toBe(false);
    state = setCookiesEnabled(state, true);
    expect(hasConsent(state)).toBe(true);
  });
});

describe("cookie consent storage", () => {
  it.each(ALL_STATES.filter((state): state is CookieConsent => state !== null))("round-trips %j through the cookie value", (state) => {
    expect(parseConsent(serializeConsent(state))).toEqual(state);
  });

  it("writes 1/0 flags", () => {
    expect(serializeConsent(acceptCookies())).toBe("1.1");
    expect(serializeConsent(declineCookies())).toBe("0.0");
  });

  it.each([null, undefined, "", "1", "1.1.1", "true", "2.1", " 1.1", "1.1 "])("reads %j as no choice", (value) => {
    expect(parseConsent(value)).toBeNull();
  });

  it("mirrors the choice in local storage as the strings true/false", () => {
    expect(consentStorageEntries(acceptCookies())).toEqual([
      ["cookies-accepted", "true"],
      ["cookies-enabled", "true"],
    ]);
    expect(consentStorageEntries(declineCookies())).toEqual([
      ["cookies-accepted", "false"],
      ["cookies-enabled", "false"],
    ]);
  });
});
