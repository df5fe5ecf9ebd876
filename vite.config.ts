import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: r("./src/client"),
  publicDir: r("./src/client/public"),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      "@shared": r("./src/shared"),
      "@client": r("./src/client"),
    },
  },
  build: {
    outDir: r("./dist/client"),
    emptyOutDir: true,
    // dist/client/.vite/manifest.json: which chunks each page loads (tests/e2e/budgets.test.ts reads it)
    manifest: true,
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
