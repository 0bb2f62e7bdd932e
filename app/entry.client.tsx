// Remix's default client entry, hydrating once the code of the parts the server's HTML holds has
// come (app/components/lazy-part.tsx, ADR 097), with events held back from then until the app
// renders (app/components/hydration-guard.ts).
import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { holdEventsUntilTheAppRenders } from "./components/hydration-guard";
import { whenPartsOfServerHtmlHaveCome } from "./components/lazy-part";

void whenPartsOfServerHtmlHaveCome().then(() => {
  holdEventsUntilTheAppRenders();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
});
