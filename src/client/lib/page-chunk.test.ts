import { describe, expect, it, vi } from "vitest";
import { claimReload, loadPage, RELOAD_WINDOW_MS, type ReloadDeps } from "./page-chunk";

function fakeDeps(start = 1_000_000) {
  const store = new Map<string, string>();
  let t = start;
  const deps: ReloadDeps & { advance(ms: number): void } = {
    storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) },
    reload: vi.fn(),
    now: () => t,
    advance: (ms) => void (t += ms),
  };
  return deps;
}

describe("loadPage: a page chunk of an earlier build", () => {
  it("passes a loaded page through without reloading", async () => {
    const deps = fakeDeps();
    await expect(loadPage(async () => "module", deps)).resolves.toBe("module");
    expect(deps.reload).not.toHaveBeenCalled();
  });

  it("reloads the page once when a chunk fails, and leaves the import pending meanwhile", async () => {
    const deps = fakeDeps();
    let settled = false;
    void loadPage(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module")), deps).then(
      () => (settled = true),
      () => (settled = true),
    );
    await new Promise((r) => setTimeout(r, 10));
    expect(deps.reload).toHaveBeenCalledTimes(1);
    expect(settled).toBe(false);
  });

  it("throws the error when the chunk is still missing right after that reload: no loop", async () => {
    const deps = fakeDeps();
    void loadPage(() => Promise.reject(new Error("first")), deps);
    await new Promise((r) => setTimeout(r, 0));
    deps.advance(5_000);
    await expect(loadPage(() => Promise.reject(new Error("again")), deps)).rejects.toThrow("again");
    expect(deps.reload).toHaveBeenCalledTimes(1);
    // a later deployment, after the window, reloads again
    deps.advance(RELOAD_WINDOW_MS);
    void loadPage(() => Promise.reject(new Error("next deploy")), deps);
    await new Promise((r) => setTimeout(r, 0));
    expect(deps.reload).toHaveBeenCalledTimes(2);
  });

  it("never reloads without session storage, and distrusts a stored time in the future", () => {
    const broken = {
      storage: {
        getItem: () => {
          throw new Error("denied");
        },
        setItem: () => undefined,
      },
      now: () => 5,
    };
    expect(claimReload(broken)).toBe(false);
    const deps = fakeDeps(10_000);
    deps.storage.setItem("vibe:chunk-reload-at", String(10_000 + 3 * RELOAD_WINDOW_MS)); // clock moved back
    expect(claimReload(deps)).toBe(true);
  });
});
