import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { compression } from "vite-plugin-compression2";

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** precache.json: every built script and style, which the service worker keeps at install (src/client/public/sw.js). */
function precacheList(): Plugin {
  return {
    name: "vibe-precache-list",
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((name) => /\.(js|css)$/.test(name))
        .map((name) => `/${name}`);
      this.emitFile({ type: "asset", fileName: "precache.json", source: JSON.stringify(files) });
    },
  };
}

export default defineConfig({
  root: r("./src/client"),
  publicDir: r("./src/client/public"),
  // Brotli and gzip copies of every text asset over 1 kB, written at build time: the server sends
  // the one the browser accepts (src/server/http/static.ts) without compressing per request.
  plugins: [
    react(),
    tailwindcss(),
    precacheList(),
    compression({ algorithms: ["brotliCompress", "gzip"], threshold: 1024, logLevel: "silent" }),
  ],
  resolve: {
    alias: {
      "@shared": r("./src/shared"),
      "@client": r("./src/client"),
    },
  },
  build: {
    outDir: r("./dist/client"),
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: {
      "/api": "http://localhost:5000",
      "/auth": "http://localhost:5000",
      "/ws": { target: "ws://localhost:5000", ws: true },
    },
  },
});
