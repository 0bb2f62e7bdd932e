import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultPasskeyName, knownTransports, PASSKEY_NAME_MAX, relyingParty, tidyPasskeyName } from "~/domain/passkeys";
import { addPasskeySchema, PASSKEY_MESSAGES, passkeyName, passkeySignInSchema, removePasskeySchema } from "~/forms/passkeys";
import { JSON_MESSAGES, MAX_JSON_BYTES, readJsonBody } from "~/server/http/json-body.server";

describe("the relying party (WebAuthn §5.1.3)", () => {
  it("is the host name of the page's address, and its origin with scheme and port", () => {
    expect(relyingParty("https://skinvault.example/api/passkeys/login/verify")).toEqual({ id: "skinvault.example", origin: "https://skinvault.example" });
    expect(relyingParty("http://localhost:8787/api/passkeys/register/options?x=1")).toEqual({ id: "localhost", origin: "http://localhost:8787" });
    expect(relyingParty("https://WWW.SkinVault.example:443/")).toEqual({ id: "www.skinvault.example", origin: "https://www.skinvault.example" });
  });
});

describe("transports", () => {
  it("keeps the ones WebAuthn names, once each, in order; drops the rest", () => {
    expect(knownTransports(["internal", "hybrid", "internal", "carrier-pigeon", 5, null])).toEqual(["internal", "hybrid"]);
    expect(knownTransports(undefined)).toEqual([]);
  });
});

describe("a passkey's name", () => {
  it("is tidied: white space runs become one space, none at the ends", () => {
    expect(tidyPasskeyName("  Work\tlaptop \n ")).toBe("Work laptop");
    expect(passkeyName.safeParse("  Phone  ").data).toBe("Phone");
  });

  it("is 1 to 60 characters once tidied", () => {
    expect(passkeyName.safeParse("x".repeat(PASSKEY_NAME_MAX)).success).toBe(true);
    for (const refused of ["", "   ", "x".repeat(PASSKEY_NAME_MAX + 1), 5, null]) {
      const parsed = passkeyName.safeParse(refused);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(PASSKEY_MESSAGES.name);
    }
  });

  it("starts as the device's label, cut to the longest name", () => {
    expect(defaultPasskeyName("Chrome on Windows")).toBe("Chrome on Windows");
    expect(defaultPasskeyName("  ")).toBe("Passkey");
    expect(defaultPasskeyName(`${"a".repeat(59)} b`)).toBe("a".repeat(59));
  });

  it("property: every default name is a name the form takes", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 600 }), (label) => {
        expect(passkeyName.safeParse(defaultPasskeyName(label)).success).toBe(true);
      }),
    );
  });

  it("property: tidying is idempotent and never lengthens", () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        const once = tidyPasskeyName(typed);
        expect(tidyPasskeyName(once)).toBe(once);
        expect(once.length).toBeLessThanOrEqual(typed.length);
      }),
    );
  });
});

describe("the ceremony bodies", () => {
  const answer = {
    id: "AbC-_1",
    rawId: "AbC-_1",
    type: "public-key",
    response: { clientDataJSON: "e30", attestationObject: "oA", transports: ["internal", "telepathy"] },
    clientExtensionResults: { credProps: { rk: true } },
    authenticatorAttachment: "platform",
  };

  it("reads an answer as the browser's toJSON() gives it, dropping what the server does not read", () => {
    const parsed = addPasskeySchema.parse({ name: " Key ", response: answer, extra: 1 });
    expect(parsed).toEqual({ name: "Key", response: { ...answer, response: { ...answer.response, transports: ["internal"] }, clientExtensionResults: {} } });
  });

  it("refuses other shapes with the answer's message", () => {
    for (const response of [null, 5, {}, { ...answer, type: "password" }, { ...answer, id: "a b" }, { ...answer, response: { clientDataJSON: "e30" } }]) {
      const parsed = addPasskeySchema.safeParse({ name: "Key", response });
      expect(parsed.success, JSON.stringify(response)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(PASSKEY_MESSAGES.unreadable);
    }
    expect(passkeySignInSchema.safeParse({ response: { ...answer, response: { clientDataJSON: "e30", authenticatorData: "AA" } } }).success).toBe(false);
  });

  it("names a passkey to remove by 32 hex characters", () => {
    expect(removePasskeySchema.safeParse({ passkey: "0123456789abcdef0123456789abcdef" }).success).toBe(true);
    for (const passkey of ["", "0123", "0123456789ABCDEF0123456789ABCDEF", "__proto__"]) expect(removePasskeySchema.safeParse({ passkey }).success).toBe(false);
  });
});

describe("the JSON body reader", () => {
  const request = (body: BodyInit | null, type?: string) =>
    new Request("https://example.com/api/x", { method: "POST", body, headers: type === undefined ? {} : { "Content-Type": type } });

  it("reads JSON declared as JSON, as text, or not declared", async () => {
    for (const type of ["application/json", "application/json; charset=utf-8", "text/plain;charset=UTF-8", undefined]) {
      expect(await readJsonBody(request('{"a":1}', type))).toEqual({ ok: true, value: { a: 1 } });
    }
  });

  it("refuses other types (415), bodies that are not JSON or not UTF-8 (400) and bodies past the cap (413)", async () => {
    expect(await readJsonBody(request("a=1", "application/x-www-form-urlencoded"))).toEqual({ ok: false, status: 415, message: JSON_MESSAGES.type });
    expect(await readJsonBody(request("{", "application/json"))).toEqual({ ok: false, status: 400, message: JSON_MESSAGES.invalid });
    expect(await readJsonBody(request(new Uint8Array([0x22, 0xff, 0x22]), "application/json"))).toEqual({
      ok: false,
      status: 400,
      message: JSON_MESSAGES.invalid,
    });
    expect(await readJsonBody(request(null, "application/json"))).toEqual({ ok: false, status: 400, message: JSON_MESSAGES.invalid });
    const large = JSON.stringify("x".repeat(MAX_JSON_BYTES));
    expect(await readJsonBody(request(large, "application/json"))).toEqual({ ok: false, status: 413, message: JSON_MESSAGES.tooLarge });
  });
});
