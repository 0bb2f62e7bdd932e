import type { ReactNode } from "react";

// Looks shared by forms and plain pages, kept apart from the form kit so that pages without a form
// do not load Conform and zod.

export const buttonClass = "rounded-md bg-accent px-4 py-2 font-semibold text-surface hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-50";

export function Notice({ tone = "success", children }: { tone?: "success" | "error" | "info"; children: ReactNode }) {
  const color = tone === "success" ? "border-green-600 text-green-300" : tone === "error" ? "border-red-600 text-red-300" : "border-line text-ink";
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-md border bg-panel px-3 py-2 text-sm ${color}`}>
      {children}
    </div>
  );
}
