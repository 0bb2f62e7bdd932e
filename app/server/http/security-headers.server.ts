/** A fresh nonce for each response's scripts. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Images come from the skin-data CDN; scripts only from this origin or with this response's nonce. */
export function contentSecurityPolicy(nonce: string, { development = false } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https://cdn.cstrike.app",
    "font-src 'self'",
    `connect-src 'self'${development ? " ws: wss:" : ""}`,
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

export function applySecurityHeaders(headers: Headers, options: { nonce?: string; production?: boolean } = {}): void {
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()");
  if (options.nonce) headers.set("Content-Security-Policy", contentSecurityPolicy(options.nonce));
  if (options.production) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
}
