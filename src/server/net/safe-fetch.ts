import { promises as dnsPromises, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isPublicAddress } from "./address-policy";
import { ImageFetchError } from "./errors";

/**
 * Fetches an image from a URL a user gave us without letting that URL reach anything internal
 * (SSRF). See docs/image-proxy.md for the policy. In short:
 * - only http: and https:, no user name or password, only ports 80 and 443;
 * - the host must be on the allow-list (when one is given);
 * - every address the host resolves to must be public. The check runs inside the socket's own
 *   `lookup`, so the address checked is the address connected to (no DNS-rebinding window);
 *   IP-literal hosts, which sockets never look up, are checked before connecting;
 * - redirects are followed by hand, at most `maxRedirects`, each hop checked like the first;
 * - one deadline covers the whole exchange (every hop and the body); the body is capped;
 * - the answer must say it is JPEG, PNG, WebP, GIF or AVIF and its first bytes must agree.
 * Every refusal is an ImageFetchError: why (its reason) and a message for the person who asked;
 * the HTTP layer answers each reason with its 4xx status (http/errors.ts).
 */

export const IMAGE_FETCH_TEXT = {
  invalidUrl: "That is not a valid image URL",
  scheme: "Only http and https image URLs are allowed",
  credentials: "Image URLs with a user name or password are not allowed",
  port: (port: number) => `Port ${port} is not allowed for image URLs`,
  host: (host: string) => `Images from ${host} are not allowed`,
  address: "That address is not allowed",
  tooManyRedirects: "Too many redirects",
  badRedirect: "The image host sent a redirect without a valid location",
  unreachable: "Could not reach the image host",
  notFound: "Image not found upstream",
  timeout: "The image took too long to load",
  tooLarge: (maxBytes: number) => `The image is larger than ${formatBytes(maxBytes)}`,
  notImage: "That URL is not an image",
  svg: "SVG images are not allowed",
} as const;

export const IMAGE_FETCH_DEFAULTS = {
  timeoutMs: 8000,
  maxBytes: 5 * 1024 * 1024,
  maxRedirects: 3,
  ports: [80, 443] as readonly number[],
};

export const USER_AGENT = "VIBE-image-proxy/1.0";

/** Resolves a host name to every address it has (the shape of dns.lookup with all: true). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export interface SafeFetchOptions {
  /** Hosts images may come from ("cdn.example.com" exactly, ".example.com" any subdomain); null: any public host. */
  allowHosts: readonly string[] | null;
  /** Deadline for the whole exchange, every redirect and the body included. Default 8000. */
  timeoutMs?: number;
  /** Largest body accepted. Default 5 MiB. */
  maxBytes?: number;
  /** Redirects followed before giving up. Default 3. */
  maxRedirects?: number;
  /** Ports allowed in URLs. Default 80 and 443; tests use their servers' ports. */
  allowPorts?: readonly number[];
  /** Name resolution; default dns.lookup (all addresses, in resolver order). Tests map names here. */
  lookup?: Resolver;
  /** Which addresses may be connected to. Default isPublicAddress; tests let their loopback server through. */
  allowAddress?: (ip: string) => boolean;
  /**
   * Extra request headers for one hop, decided per URL (so a key meant for one host is never
   * sent on to the host a redirect points at). Default: none.
   */
  headersFor?: (url: URL) => Record<string, string>;
}

export interface FetchedImage {
  body: Buffer;
  /** The type the bytes really are (from their magic number), e.g. "image/png". */
  contentType: string;
  /** Where the image was found after redirects. */
  finalUrl: string;
}

const ALLOWED_TYPES: Record<string, string> = {
  "image/jpeg": "image/jpeg",
  "image/jpg": "image/jpeg",
  "image/pjpeg": "image/jpeg",
  "image/png": "image/png",
  "image/webp": "image/webp",
  "image/gif": "image/gif",
  "image/avif": "image/avif",
};

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const ADDRESS_REFUSED = "E_VIBE_ADDRESS_REFUSED";
const TOO_LARGE = "E_VIBE_TOO_LARGE";

function formatBytes(n: number): string {
  const MB = 1024 * 1024;
  if (n >= MB && n % MB === 0) return `${n / MB} MB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KB`;
  return `${n} bytes`;
}

const stripBrackets = (host: string) => (host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host);
const normalizeHost = (host: string) => stripBrackets(host.trim().toLowerCase()).replace(/\.$/, "");

/**
 * Whether `host` is on the list. "example.com" matches only example.com; ".example.com" (or
 * "*.example.com") matches any subdomain of example.com but not example.com itself.
 */
export function hostAllowed(host: string, allowHosts: readonly string[]): boolean {
  const h = normalizeHost(host);
  if (!h) return false;
  for (const raw of allowHosts) {
    let entry = normalizeHost(raw);
    if (entry.startsWith("*.")) entry = entry.slice(1);
    if (!entry || entry === ".") continue;
    if (entry.startsWith(".") ? h.endsWith(entry) && h.length > entry.length : h === entry) return true;
  }
  return false;
}

interface Policy {
  allowHosts: readonly string[] | null;
  allowPorts: readonly number[];
  allowAddress: (ip: string) => boolean;
}

/** Parses and checks one URL (the first or a redirect's); throws the 4xx that refuses it. */
function checkUrl(input: string | URL, policy: Policy): URL {
  let url: URL;
  try {
    url = typeof input === "string" ? new URL(input.trim()) : input;
  } catch {
    throw new ImageFetchError("bad-url", IMAGE_FETCH_TEXT.invalidUrl);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new ImageFetchError("bad-url", IMAGE_FETCH_TEXT.scheme);
  if (url.username || url.password) throw new ImageFetchError("bad-url", IMAGE_FETCH_TEXT.credentials);
  // WHATWG URL has already turned 2130706433, 0x7f000001, 127.1 and the like into dotted quads.
  const host = stripBrackets(url.hostname);
  if (!host) throw new ImageFetchError("bad-url", IMAGE_FETCH_TEXT.invalidUrl);
  // Sockets connect to IP literals without a lookup, so they are checked here, before connecting.
  if (isIP(host) && !policy.allowAddress(host)) throw new ImageFetchError("not-allowed", IMAGE_FETCH_TEXT.address);
  if (policy.allowHosts && !hostAllowed(host, policy.allowHosts))
    throw new ImageFetchError("not-allowed", IMAGE_FETCH_TEXT.host(normalizeHost(host)));
  const port = url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
  if (!policy.allowPorts.includes(port)) throw new ImageFetchError("not-allowed", IMAGE_FETCH_TEXT.port(port));
  return url;
}

const defaultResolver: Resolver = (hostname) => dnsPromises.lookup(hostname, { all: true, verbatim: true });

/**
 * The socket's name lookup: resolves every address, refuses the connection if ANY of them is
 * not allowed (a host that mixes public and private addresses is refused outright), and hands
 * the socket only addresses that passed, so what was checked is what gets connected to.
 */
function guardedLookup(resolve: Resolver, allowAddress: (ip: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    const fail = (err: NodeJS.ErrnoException) => callback(err, options.all ? [] : "", undefined);
    resolve(hostname).then(
      (found) => {
        let addresses = found.filter((a) => a && typeof a.address === "string");
        if (addresses.some((a) => !allowAddress(a.address))) {
          return fail(
            Object.assign(new Error(`${hostname} resolves to an address that is not allowed`), {
              code: ADDRESS_REFUSED,
            }),
          );
        }
        if (options.family === 4 || options.family === 6)
          addresses = addresses.filter((a) => a.family === options.family);
        if (!addresses.length)
          return fail(Object.assign(new Error(`No address for ${hostname}`), { code: "ENOTFOUND" }));
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      },
      (err: NodeJS.ErrnoException) => fail(err),
    );
  };
}

/** Sends one GET and resolves with the response head (the body is left unread). */
function send(
  url: URL,
  lookup: LookupFunction,
  signal: AbortSignal,
  extra: Record<string, string> = {},
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const mod = url.protocol === "https:" ? https : http;
    const req = mod.request(
      {
        protocol: url.protocol,
        hostname: stripBrackets(url.hostname),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: "GET",
        // Nothing of the user's is forwarded: no cookies, no authorization, no referer.
        headers: { ...extra, "user-agent": USER_AGENT, accept: "image/*", "accept-encoding": "identity" },
        // A fresh connection per request: no socket is shared with another host or another check.
        agent: false,
        lookup,
        signal,
      },
      resolve,
    );
    req.on("error", reject);
    req.end();
  });
}

/** Reads the body, stopping (and closing the connection) as soon as it passes maxBytes. */
function readBody(res: http.IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let settled = false;
    const finish = (err: Error | null, body?: Buffer) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener("abort", onAbort);
      if (err) {
        res.destroy();
        reject(err);
      } else resolve(body!);
    };
    const onAbort = () => finish(Object.assign(new Error("aborted"), { name: "AbortError" }));
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    res.on("data", (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) return finish(Object.assign(new Error("too large"), { code: TOO_LARGE }));
      chunks.push(chunk);
    });
    res.on("end", () => finish(null, Buffer.concat(chunks, total)));
    res.on("error", (err) => finish(err));
    res.on("close", () => finish(new Error("The connection closed before the image was complete")));
  });
}

function ascii(buf: Buffer, start: number, end: number) {
  return buf.length >= end ? buf.toString("latin1", start, end) : "";
}

/** The image type the bytes really are, from their magic number; null when not an allowed type. */
export function sniffImageType(buf: Buffer): string | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "image/png";
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return "image/jpeg";
  const gif = ascii(buf, 0, 6);
  if (gif === "GIF87a" || gif === "GIF89a") return "image/gif";
  if (ascii(buf, 0, 4) === "RIFF" && ascii(buf, 8, 12) === "WEBP") return "image/webp";
  // ISO-BMFF: [size]["ftyp"][major brand][minor version][compatible brands...]
  if (ascii(buf, 4, 8) === "ftyp") {
    const boxEnd = Math.min(buf.readUInt32BE(0), buf.length);
    const brands = [ascii(buf, 8, 12)];
    for (let i = 16; i + 4 <= boxEnd; i += 4) brands.push(ascii(buf, i, i + 4));
    if (brands.some((b) => b === "avif" || b === "avis")) return "image/avif";
  }
  return null;
}

/** Turns whatever went wrong into the refusal the caller is told. */
function toFetchError(err: unknown, signal: AbortSignal, maxBytes: number): ImageFetchError {
  if (err instanceof ImageFetchError) return err;
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === ADDRESS_REFUSED) return new ImageFetchError("not-allowed", IMAGE_FETCH_TEXT.address);
  if (code === TOO_LARGE) return new ImageFetchError("too-large", IMAGE_FETCH_TEXT.tooLarge(maxBytes));
  if (signal.aborted) return new ImageFetchError("timeout", IMAGE_FETCH_TEXT.timeout);
  // DNS failures, refused or reset connections, TLS errors, malformed HTTP.
  return new ImageFetchError("unreachable", IMAGE_FETCH_TEXT.unreachable);
}

/** Fetches an image under the policy above; every refusal is an ImageFetchError. */
export async function safeFetchImage(url: string, opts: SafeFetchOptions): Promise<FetchedImage> {
  const timeoutMs = opts.timeoutMs ?? IMAGE_FETCH_DEFAULTS.timeoutMs;
  const maxBytes = opts.maxBytes ?? IMAGE_FETCH_DEFAULTS.maxBytes;
  const maxRedirects = opts.maxRedirects ?? IMAGE_FETCH_DEFAULTS.maxRedirects;
  const policy: Policy = {
    allowHosts: opts.allowHosts,
    allowPorts: opts.allowPorts ?? IMAGE_FETCH_DEFAULTS.ports,
    allowAddress: opts.allowAddress ?? isPublicAddress,
  };
  let current = checkUrl(typeof url === "string" ? url : "", policy);
  const lookup = guardedLookup(opts.lookup ?? defaultResolver, policy.allowAddress);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    for (let redirects = 0; ; redirects++) {
      const res = await send(current, lookup, controller.signal, opts.headersFor?.(current) ?? {});
      const status = res.statusCode ?? 0;
      if (REDIRECTS.has(status)) {
        res.destroy();
        if (redirects >= maxRedirects) throw new ImageFetchError("unreachable", IMAGE_FETCH_TEXT.tooManyRedirects);
        const location = res.headers.location;
        let next: URL;
        try {
          if (!location) throw new Error("no location");
          next = new URL(location, current);
        } catch {
          throw new ImageFetchError("unreachable", IMAGE_FETCH_TEXT.badRedirect);
        }
        current = checkUrl(next, policy);
        continue;
      }
      if (status < 200 || status > 299) {
        res.destroy();
        throw new ImageFetchError("not-found", IMAGE_FETCH_TEXT.notFound);
      }
      const declared = String(res.headers["content-type"] ?? "")
        .split(";")[0]
        .trim()
        .toLowerCase();
      if (declared === "image/svg+xml" || declared === "image/svg") {
        res.destroy();
        throw new ImageFetchError("not-an-image", IMAGE_FETCH_TEXT.svg);
      }
      if (!ALLOWED_TYPES[declared]) {
        res.destroy();
        throw new ImageFetchError("not-an-image", IMAGE_FETCH_TEXT.notImage);
      }
      const length = Number(res.headers["content-length"]);
      if (Number.isFinite(length) && length > maxBytes) {
        res.destroy();
        throw new ImageFetchError("too-large", IMAGE_FETCH_TEXT.tooLarge(maxBytes));
      }
      const body = await readBody(res, maxBytes, controller.signal);
      // The label is not trusted: the bytes must be one of the allowed formats (served as what they are).
      const contentType = sniffImageType(body);
      if (!contentType) throw new ImageFetchError("not-an-image", IMAGE_FETCH_TEXT.notImage);
      return { body, contentType, finalUrl: current.href };
    }
  } catch (err) {
    throw toFetchError(err, controller.signal, maxBytes);
  } finally {
    clearTimeout(timer);
  }
}
