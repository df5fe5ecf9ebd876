/** A small HTTP client for API tests: keeps cookies like a browser and sends this site's Origin. */
export interface Res<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export class Agent {
  private cookies = new Map<string, string>();
  constructor(
    readonly base: string,
    private origin: string | null = base,
  ) {}

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  /** A copy that shares nothing (a second browser). */
  fresh() {
    return new Agent(this.base, this.origin);
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
    const res = await fetch(this.base + path, { method, headers: h, body: payload, redirect: "manual" });
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

/** Signs up a new account on `agent` and returns its user. */
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
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${res.text}`);
  return { ...res.body, password: body.password } as { id: string; email: string; password: string; role: string };
}
