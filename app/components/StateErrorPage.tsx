import { useLocation, useSearchParams } from "@remix-run/react";
import { ErrorScreen, type ErrorKind } from "./ErrorScreen";

interface ErrorState {
  type?: string;
  message?: string;
  timestamp?: string;
}

/**
 * /NETWORK and /UNKNOWN: reached with navigation state { type, message, timestamp } when
 * JavaScript runs, or with the same values in the query string when it does not.
 */
export function StateErrorPage({ kind }: { kind: ErrorKind }) {
  const location = useLocation();
  const [params] = useSearchParams();
  const state = (location.state ?? {}) as ErrorState;
  const message = state.message ?? params.get("message") ?? undefined;
  const timestamp = state.timestamp ?? params.get("timestamp") ?? undefined;
  return <ErrorScreen kind={kind} detail={{ message, timestamp }} />;
}
