import type { FastifyInstance } from "fastify";
import { proxyImageQuery } from "@shared/contracts/venues";
import type { AppContext } from "../context";
import { parse } from "../http/errors";
import { DEFAULT_IMAGE_HOSTS } from "../net/image-hosts";
import { safeFetchImage, type FetchedImage, type SafeFetchOptions } from "../net/safe-fetch";

/**
 * GET /api/proxy-image?url= — serves venue photos from maps/places providers and user-content
 * hosts through this origin, under the SSRF policy of net/safe-fetch (see docs/image-proxy.md).
 */

export interface ImageCacheOptions {
  /** Total bytes of images kept. Default 50 MiB. */
  maxBytes?: number;
  /** Images kept. Default 1000. */
  maxEntries?: number;
  /** How long an image is served from the cache. Default 24 hours. */
  ttlMs?: number;
  now?: () => number;
}

interface CacheEntry {
  image: FetchedImage;
  expires: number;
}

/** An in-process LRU of fetched images, bounded by total bytes and by entries, with a TTL. */
export function createImageCache(opts: ImageCacheOptions = {}) {
  const maxBytes = opts.maxBytes ?? 50 * 1024 * 1024;
  const maxEntries = opts.maxEntries ?? 1000;
  const ttlMs = opts.ttlMs ?? 24 * 60 * 60 * 1000;
  const now = opts.now ?? Date.now;
  const entries = new Map<string, CacheEntry>();
  let bytes = 0;

  const remove = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    entries.delete(key);
    bytes -= e.image.body.length;
  };

  return {
    get(key: string): FetchedImage | undefined {
      const e = entries.get(key);
      if (!e) return undefined;
      if (e.expires <= now()) {
        remove(key);
        return undefined;
      }
      // Most recently used goes to the end; eviction takes from the front.
      entries.delete(key);
      entries.set(key, e);
      return e.image;
    },
    set(key: string, image: FetchedImage) {
      remove(key);
      if (image.body.length > maxBytes) return;
      entries.set(key, { image, expires: now() + ttlMs });
      bytes += image.body.length;
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes && entries.size <= maxEntries) break;
        remove(oldest);
      }
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
}
export type ImageCache = ReturnType<typeof createImageCache>;

export interface ImageProxyOptions extends Partial<Omit<SafeFetchOptions, "allowHosts">> {
  /** Hosts images may come from; default DEFAULT_IMAGE_HOSTS (config IMAGE_PROXY_HOSTS). */
  allowHosts?: readonly string[];
  cache?: ImageCacheOptions;
}

/**
 * Google Places photo URLs are stored without the API key (places.googleapis.com/v1/.../media);
 * the key is added here, as a header, on the hop to that host only. Google answers with a
 * redirect to googleusercontent.com, which gets no key.
 */
export function googlePhotoHeaders(apiKey: string | null) {
  return (url: URL): Record<string, string> =>
    apiKey && url.hostname === "places.googleapis.com" ? { "x-goog-api-key": apiKey } : {};
}

export function imageProxyRoutes(app: FastifyInstance, _ctx: AppContext, opts: ImageProxyOptions = {}) {
  const { cache: cacheOpts, allowHosts = DEFAULT_IMAGE_HOSTS, ...fetchOpts } = opts;
  const cache = createImageCache(cacheOpts);
  // Concurrent requests for one image share one upstream fetch.
  const inFlight = new Map<string, Promise<FetchedImage>>();

  app.get("/api/proxy-image", async (req, reply) => {
    const { url } = parse(proxyImageQuery, req.query);
    let key = url;
    try {
      key = new URL(url).href;
    } catch {
      /* safeFetchImage answers 400 */
    }
    let image = cache.get(key);
    const hit = !!image;
    if (!image) {
      let pending = inFlight.get(key);
      if (!pending) {
        pending = safeFetchImage(url, { ...fetchOpts, allowHosts })
          .then((fetched) => {
            cache.set(key, fetched);
            return fetched;
          })
          .finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      image = await pending;
    }
    return reply
      .header("content-type", image.contentType)
      .header("cache-control", "public, max-age=86400")
      .header("x-content-type-options", "nosniff")
      .header("content-security-policy", "default-src 'none'; sandbox")
      .header("x-cache", hit ? "HIT" : "MISS")
      .send(image.body);
  });
}
