// Remix's default client entry, with events held back until the app renders
// (app/components/hydration-guard.ts).
import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { holdEventsUntilTheAppRenders } from "./components/hydration-guard";

holdEventsUntilTheAppRenders();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
