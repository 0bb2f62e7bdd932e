/**
 * Development aids that expose data (the mailbox with everyone's links) need development mode to be
 * switched on explicitly: `ENVIRONMENT` is "development" (`.dev.vars`) or "test". Production, a
 * typo or no value at all keeps them off.
 */
export function isDevelopment(environment: string | undefined): boolean {
  return environment === "development" || environment === "test";
}
