/** A row id from a URL or a form: a positive integer without leading zeros, else null. */
export function parseId(value: string | null | undefined): number | null {
  return value && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : null;
}
