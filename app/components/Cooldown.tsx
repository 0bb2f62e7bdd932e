import { useEffect, useState } from "react";
import { formatCooldown } from "~/domain/rate-limits";

/** Remaining seconds, counting down once per second in the browser (from the server's value). */
export function useCountdown(seconds: number): number {
  const [remaining, setRemaining] = useState(seconds);
  useEffect(() => {
    setRemaining(seconds);
    if (seconds <= 0) return;
    const endsAt = Date.now() + seconds * 1000;
    const timer = setInterval(() => {
      const left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds]);
  return remaining;
}

export function CooldownText({ remaining }: { remaining: number }) {
  if (remaining <= 0) return null;
  return (
    <p className="text-sm text-muted" role="timer" aria-live="off">
      You can try again in <span data-testid="cooldown">{formatCooldown(remaining)}</span>
    </p>
  );
}
