import type { ReactNode } from "react";

export function FieldErrors({ id, errors }: { id: string; errors?: readonly string[] | null }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-400">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

export function TextField({
  label,
  name,
  type = "text",
  errors,
  defaultValue,
  autoComplete,
}: {
  label: string;
  name: string;
  type?: string;
  errors?: readonly string[] | null;
  defaultValue?: string;
  autoComplete?: string;
}) {
  const errorId = `${name}-errors`;
  return (
    <div>
      <label htmlFor={name} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input
        id={name}
        name={name}
        type={type}
        defaultValue={defaultValue}
        autoComplete={autoComplete}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : undefined}
        className="w-full rounded-md border border-line bg-panel-2 px-3 py-2"
      />
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

/** Hidden from people (and assistive technology); bots that fill it in are ignored. */
export function HoneypotField({ name }: { name: string }) {
  return (
    <div aria-hidden="true" style={{ position: "absolute", left: "-10000px", width: 1, height: 1, overflow: "hidden" }}>
      <label htmlFor={`hp-${name}`}>Leave this field empty</label>
      <input id={`hp-${name}`} name={name} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

export function Notice({ tone = "success", children }: { tone?: "success" | "error" | "info"; children: ReactNode }) {
  const color = tone === "success" ? "border-green-600 text-green-300" : tone === "error" ? "border-red-600 text-red-300" : "border-line text-ink";
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-md border bg-panel px-3 py-2 text-sm ${color}`}>
      {children}
    </div>
  );
}

export const buttonClass =
  "rounded-md bg-accent px-4 py-2 font-semibold text-surface hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-50";
