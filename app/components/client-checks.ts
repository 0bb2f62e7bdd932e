import { useCallback, useRef, useState } from "react";
import type { getZodConstraint } from "@conform-to/zod/v4";
import type { ZodType } from "zod";
import type { parseFormFields } from "~/forms/coercion";

/** What Conform derives from a schema for the fields' HTML attributes (`formConstraint` on the server). */
export type FormConstraint = ReturnType<typeof getZodConstraint>;

/** What `useClientChecks` needs on the form: its first focus, and the form itself. */
export interface ClientChecksFormProps {
  onFocus: () => void;
  ref: (form: HTMLFormElement | null) => void;
}

/**
 * A form's checks in the browser, the zod schema its action parses with, loaded when a person
 * first focuses the form: a page's first visit carries neither zod nor the schema (issue 32,
 * docs/performance.md). Until they have arrived, or if they fail to load, `onValidate` is
 * undefined and Conform lets the submit through to the action, which answers with the same
 * schema's messages; a later focus tries the load again.
 *
 * `schemaOf` builds the schema from the loaded module at each check, so rules that come with the
 * page (a skin's float range, today's date) are the current ones. Pass the result's `onValidate`
 * to `useForm` and spread its `formProps` on the form.
 */
export function useClientChecks<Module, Schema extends ZodType>(loadModule: () => Promise<Module>, schemaOf: (module: Module) => Schema) {
  const [loaded, setLoaded] = useState<{ module: Module; parse: typeof parseFormFields }>();
  const loading = useRef(false);
  const onFocus = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    Promise.all([loadModule(), import("~/forms/coercion")]).then(
      ([module, coercion]) => setLoaded({ module, parse: coercion.parseFormFields }),
      () => {
        loading.current = false;
      },
    );
    // The module is the form's own, the same for its whole life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // A field focused before the page's scripts ran (a slow connection) told no one: the form's first
  // render in the browser looks for it.
  const ref = useCallback(
    (form: HTMLFormElement | null) => {
      if (form?.contains(document.activeElement)) onFocus();
    },
    [onFocus],
  );
  // Parsed as the server parses (`~/forms/coercion`: numbers as plain decimals only).
  const onValidate = loaded ? ({ formData }: { formData: FormData }) => loaded.parse(formData, schemaOf(loaded.module)) : undefined;
  const formProps: ClientChecksFormProps = { onFocus, ref };
  return { onValidate, formProps };
}
