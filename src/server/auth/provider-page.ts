export const SOCIAL_PROVIDERS = [
  { id: "google", name: "Google", env: "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET" },
  { id: "apple", name: "Apple", env: "APPLE_CLIENT_ID, APPLE_TEAM_ID, APPLE_KEY_ID and APPLE_PRIVATE_KEY" },
  { id: "x", name: "X", env: "X_CLIENT_ID and X_CLIENT_SECRET" },
] as const;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page's style sheet (three lines of CSS). */
const STYLE =
  "body{font-family:system-ui,sans-serif;background:#0f0a1e;color:#f4f0ff;display:grid;place-items:center;" +
  "min-height:100vh;margin:0;padding:1rem}\n" +
  "main{max-width:28rem;background:#1c1433;border-radius:1rem;padding:2rem;box-shadow:0 10px 40px #0006}\n" +
  "h1{font-size:1.4rem;margin:0 0 .75rem}p{line-height:1.5;color:#d6ccf5}" +
  "a{color:#f0abfc;font-weight:600}code{color:#fff}";

/** The page a person sees when a social sign-in provider has no credentials on this server. */
export function providerNotConfiguredPage(provider: (typeof SOCIAL_PROVIDERS)[number]): string {
  const name = escapeHtml(provider.name);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${name} sign-in is not configured — VIBE</title>
<style>${STYLE}</style></head>
<body><main><h1>${name} sign-in is not configured</h1>
<p>This VIBE server has no ${name} credentials, so signing in with ${name} is not available here yet.</p>
<p>You can <a href="/login">sign in with email</a> or <a href="/">continue as a guest</a> instead.</p>
<p><small>Operators: set <code>${escapeHtml(provider.env)}</code> to enable it.</small></p></main></body></html>`;
}
