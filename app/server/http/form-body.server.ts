/**
 * The request's form fields, or null when the body is not a form (JSON, garbage, too big): the
 * caller answers 400 instead of letting the parser throw a 500.
 */
export const MAX_FORM_BYTES = 64 * 1024;

export async function readForm(request: Request): Promise<FormData | null> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data")) return null;
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (length > MAX_FORM_BYTES) return null;
  try {
    return await request.formData();
  } catch {
    return null;
  }
}
