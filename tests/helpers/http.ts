import { Agent as Dispatcher, fetch as undiciFetch } from "undici";

/** A small HTTP client for API tests: keeps cookies like a browser and sends this site's Origin. */
export interface Res<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export class Agent {
  private cookies = new Map<string, string>();
  private fetcher: typeof fetch = fetch;
  constructor(
    readonly base: string,
    private origin: string | null = base,
  ) {}

  /**
   * An agent whose connections come from `localAddress`, another loopback address (127.0.0.2 …):
   * to the server, another client address, with no proxy header involved.
   */
  static fromAddress(base: string, localAddress: string): Agent {
    const agent = new Agent(base);
    const dispatcher = new Dispatcher({ localAddress });
    agent.fetcher = ((url: string, init: RequestInit) =>
      undiciFetch(url, { ...(init as object), dispatcher } as Parameters<
        typeof undiciFetch
      >[1])) as unknown as typeof fetch;
    return agent;
  }

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  /** A copy that shares nothing (a second browser). */
  fresh() {
    const copy = new Agent(this.base, this.origin);
    copy.fetcher = this.fetcher;
    return copy;
  }

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Res<T>> {
    const h: Record<string, string> = { ...headers };
    if (this.origin && !("origin" in h)) h.origin = this.origin;
    if (this.cookies.size) h.cookie = this.cookieHeader();
    let payload: string | undefined;
    if (body !== undefined) {
      payload = typeof body === "string" ? body : JSON.stringify(body);
      h["content-type"] ??= "application/json";
    }
    const res = await this.fetcher(this.base + path, { method, headers: h, body: payload, redirect: "manual" });
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(";");
      const [name, ...v] = pair.split("=");
      const value = v.join("=");
      const expired =
        attrs.some((a) => /^\s*expires=/i.test(a) && new Date(a.split("=")[1]).getTime() < Date.now()) || value === "";
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed as T, text, headers: res.headers };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>("GET", path, undefined, headers);
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>("POST", path, body, headers);
  }
  put<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>("PUT", path, body, headers);
  }
  patch<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>("PATCH", path, body, headers);
  }
  delete<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>("DELETE", path, undefined, headers);
  }
}

let counter = 0;
/** A unique email for this test run. */
export const uniqueEmail = (prefix = "user") =>
  `${prefix}.${Date.now().toString(36)}.${process.pid}.${++counter}@example.com`;

/**
 * Signs up a new account on `agent` and returns its user. Sign-up answers 202 with the same body
 * whether or not the address was taken (docs/sign-in.md, "Sign-up"); a new address is signed in,
 * so the account is what /api/auth/me says now.
 */
export async function signUp(
  agent: Agent,
  overrides: Partial<{ email: string; password: string; firstName: string; lastName: string }> = {},
) {
  const body = {
    email: uniqueEmail(),
    password: "correct horse battery",
    firstName: "Ada",
    lastName: "Lovelace",
    ...overrides,
  };
  const res = await agent.post("/auth/email/signup", body);
  if (res.status !== 202) throw new Error(`signup failed: ${res.status} ${res.text}`);
  const me = await agent.get("/api/auth/me");
  if (me.status !== 200 || me.body.email !== body.email.trim().toLowerCase())
    throw new Error(`signup did not sign in a new account: ${me.status} ${me.text}`);
  return { ...me.body, password: body.password } as { id: string; email: string; password: string; role: string };
}
