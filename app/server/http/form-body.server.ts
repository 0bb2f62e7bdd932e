/** What an action reads at most, unless it takes files: every text field of every form fits. */
export const MAX_FORM_BYTES = 64 * 1024;

export type FormBody = { ok: true; form: FormData } | { ok: false; status: 400 | 413; message: string };

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/**
 * The one body reader of every action: the request's form fields, refused once more than
 * `maxBytes` have arrived (the declared length is checked first and the stream is counted as it
 * is read, so a body never sits in memory past the cap), or when the body is not a form (the
 * caller answers with the status and message instead of letting the parser throw a 500).
 */
export async function readCappedFormData(request: Request, maxBytes: number = MAX_FORM_BYTES): Promise<FormBody> {
  const tooLarge = { ok: false, status: 413, message: `The form is larger than ${sizeText(maxBytes)}.` } as const;
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await request.body?.cancel();
    return tooLarge;
  }
  let seen = 0;
  let exceeded = false;
  const counted = request.body?.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) {
          exceeded = true;
          controller.error(new Error("body too large"));
        } else {
          controller.enqueue(chunk);
        }
      },
    }),
  );
  try {
    const form = await new Response(counted ?? "", { headers: { "Content-Type": request.headers.get("Content-Type") ?? "" } }).formData();
    return { ok: true, form };
  } catch {
    return exceeded ? tooLarge : { ok: false, status: 400, message: "The form could not be read." };
  }
}

/**
 * A text field of the form (its first value), cut to `max` characters when given; "" when the field
 * is missing or is a file, which no text field of the product takes.
 */
export function formText(form: FormData | null | undefined, name: string, max?: number): string {
  const value = form?.get(name);
  if (typeof value !== "string") return "";
  return max === undefined ? value : value.slice(0, max);
}

/**
 * The intent as posted, typed as one of an action's intents for its `switch` (ADR 035); null for
 * any other, which the `default` refuses with the intent as posted.
 */
export function knownIntent<const Intent extends string>(posted: string, intents: readonly Intent[]): Intent | null {
  return intents.find((intent) => intent === posted) ?? null;
}
