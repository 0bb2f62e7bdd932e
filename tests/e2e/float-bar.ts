// Helpers of the float bar's tests (float-bar.spec.ts and float-bar.js-only.spec.ts).
import { expect, type Locator, type Page } from "@playwright/test";

export const REDLINE = "ak-47-redline";

/** Where the float marker (its middle) or the range bar (its middle or an edge) sits, as a fraction of the scale's length. */
export async function fractionOnScale(figure: Locator, testId: "float-marker" | "float-range", edge: "middle" | "start" | "end" = "middle") {
  const scale = await figure.locator("[data-wear]").first().locator("..").boundingBox();
  const mark = await figure.getByTestId(testId).boundingBox();
  const x = edge === "start" ? mark!.x : edge === "end" ? mark!.x + mark!.width : mark!.x + mark!.width / 2;
  return (x - scale!.x) / scale!.width;
}

/** `value` within a hundredth of the scale of `target`. */
export function expectNear(value: number, target: number) {
  expect(Math.abs(value - target), `${value} is near ${target}`).toBeLessThan(0.01);
}

/** Tracks the AK-47 | Redline for the signed-in user (a plain form post, as without JavaScript); the tracker's id. */
export async function trackRedline(page: Page, baseURL: string, wearValue: string): Promise<number> {
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const response = await page.request.post(`/resell-tracker/new?skin=${REDLINE}`, {
    form: { skinId: REDLINE, wear: "", wearValue, boughtAt: yesterday, buyPrice: "10.00", notes: "" },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  await page.goto("/resell-tracker");
  const id = await page.getByTestId("tracker-card").first().getAttribute("id");
  return Number(id?.replace("tracker-", ""));
}
