// `remix vite:dev` only (Node): the Worker itself never imports this file, so the native argon2
// addon stays out of the Worker bundle.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { createLoadContext } from "./load-context";
import { nodePasswordService } from "./node-password";

export function getLoadContext({
  request,
  context,
}: {
  request: Request;
  context: { cloudflare: { env: Env; ctx: { waitUntil: (promise: Promise<unknown>) => void } } };
}): Promise<AppLoadContext> {
  return createLoadContext(request, context.cloudflare.env, (promise) => context.cloudflare.ctx.waitUntil(promise), nodePasswordService);
}
