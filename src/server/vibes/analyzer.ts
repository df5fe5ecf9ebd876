import { safeFetchImage, type SafeFetchOptions } from "../net/safe-fetch";
import { IMAGE_METHOD, imageStatsFromBuffer, modelImageDataUrl, vibesFromImageStats } from "./image";
import { createLlmAnalyzer, type LlmAnalyzerOptions, type LlmConfig } from "./llm";
import { analyzeText, MODEL_METHOD } from "./model";
import type { VibeAnalysis } from "./types";

/**
 * The vibe analysis service the routes use (admin "Test Text/Image Analysis", venue sync, posts):
 * the built-in analyzers (model.ts: vibe-model-v3, trained on labelled reviews, built on text.ts's
 * lexicon-v1; image.ts), always available, refined by the optional model back end (llm.ts) when one
 * is configured. See docs/vibe-analysis.md.
 *
 *   const vibes = createVibeAnalyzer({ llm: llmConfigFromEnv(process.env), onError: (e) => log.warn(e.message) });
 *   await vibes.text("Cozy, candlelit, not loud at all");   // { method, vibes, negated?, evidence? }
 *   await vibes.image("https://example.com/photo.jpg");    // throws the image guard's ImageFetchError on refusal
 *   vibes.services();                                      // for GET /api/admin/services
 */

export interface VibeAnalyzerOptions {
  /** The model back end; null or absent: built-in analyzers only. */
  llm?: LlmConfig | null;
  /** Overrides of the image guard (tests: lookup, allowAddress, allowPorts; or a stricter allowHosts). */
  imageFetch?: Partial<SafeFetchOptions>;
  /**
   * The guard for venue photos read by sync (`photo()`): the image proxy's hosts and headers
   * (IMAGE_PROXY_HOSTS, the Google key on its own host), on top of `imageFetch`.
   */
  photoFetch?: Partial<SafeFetchOptions>;
  /** Replaces fetch for the model back end (tests). */
  fetch?: typeof fetch;
  /** Told when the model back end failed and the built-in result was used. */
  onError?: LlmAnalyzerOptions["onError"];
}

export interface AnalysisService {
  name: string;
  available: boolean;
  detail: string;
}

export interface VibeAnalyzer {
  text(text: string): Promise<VibeAnalysis>;
  /** Fetches the image through the SSRF guard (any public host) and analyses it. */
  image(url: string): Promise<VibeAnalysis>;
  services(): AnalysisService[];
  /**
   * A venue photo for the blend: fetched through the guard with the image proxy's host list and
   * analysed by image-stats-v1 only (no model: a stored blend must be reproducible). Absent: sync reads no photos.
   */
  photo?(url: string, opts: { timeoutMs: number }): Promise<VibeAnalysis>;
}

export const SERVICE_NAMES = {
  text: `Text analysis (${MODEL_METHOD})`,
  textModel: "Text analysis (model)",
  image: `Image analysis (${IMAGE_METHOD})`,
  imageModel: "Image analysis (model)",
} as const;

const NOT_CONFIGURED = "Not configured: set LLM_BASE_URL and LLM_MODEL (and LLM_API_KEY if the endpoint needs one)";

export function createVibeAnalyzer(opts: VibeAnalyzerOptions = {}): VibeAnalyzer {
  const llm = opts.llm ? createLlmAnalyzer({ ...opts.llm, fetch: opts.fetch, onError: opts.onError }) : null;
  return {
    async text(text) {
      const builtIn = analyzeText(text);
      return llm ? llm.analyzeText(text, builtIn) : builtIn;
    },
    async image(url) {
      const fetched = await safeFetchImage(url, {
        ...opts.imageFetch,
        allowHosts: opts.imageFetch?.allowHosts ?? null,
      });
      const builtIn = vibesFromImageStats(await imageStatsFromBuffer(fetched.body));
      if (!llm) return builtIn;
      let dataUrl: string;
      try {
        dataUrl = await modelImageDataUrl(fetched.body);
      } catch (err) {
        opts.onError?.(err instanceof Error ? err : new Error(String(err)), "image");
        return builtIn;
      }
      return llm.analyzeImage(dataUrl, builtIn);
    },
    async photo(url, { timeoutMs }) {
      const fetched = await safeFetchImage(url, {
        ...opts.imageFetch,
        ...opts.photoFetch,
        allowHosts: opts.photoFetch?.allowHosts ?? opts.imageFetch?.allowHosts ?? null,
        timeoutMs: Math.min(timeoutMs, opts.photoFetch?.timeoutMs ?? opts.imageFetch?.timeoutMs ?? 8000),
      });
      return vibesFromImageStats(await imageStatsFromBuffer(fetched.body));
    },
    services() {
      const model = llm ? `${llm.describe()}, refining the built-in result (60% model, 40% built-in)` : NOT_CONFIGURED;
      return [
        {
          name: SERVICE_NAMES.text,
          available: true,
          detail:
            "Built-in model trained on labelled reviews (CEBaB): " +
            "words and phrases with negation plus lexicon-v1, calibrated probabilities, venue-level",
        },
        { name: SERVICE_NAMES.textModel, available: llm !== null, detail: model },
        {
          name: SERVICE_NAMES.image,
          available: true,
          detail: "Built-in pixel statistics with sharp: brightness, warmth, saturation, contrast, colours",
        },
        { name: SERVICE_NAMES.imageModel, available: llm !== null, detail: model },
      ];
    },
  };
}
