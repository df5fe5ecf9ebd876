/**
 * Import boundaries (docs/ARCHITECTURE.md, "Layers"), checked by `npm run lint`.
 *
 * Server folders form layers; a module imports only from its own folder and from folders of lower
 * layers. The files at src/server's root (app, main, the two CLIs, config, context) compose the
 * layers and sit on top, with two sanctioned ways down to them: every route module imports
 * context.ts (AppContext and the request's user), which in turn imports only *types* from the
 * domains it describes (and http/errors); config.ts is imported for its type only.
 * Tests may compose several layers and are exempt from the layer rules, not from the others.
 */

/** Lowest first. Folders of one layer do not import each other either. */
const LAYERS = [
  ["db", "net", "mail"],
  ["vibes"],
  ["http"],
  ["auth", "live", "providers", "realtime"],
  ["venues"],
  ["readmodel"],
  ["social", "business", "discover", "admin"],
];

const TESTS = ["[.]test[.]tsx?$", "^tests/", "^bench/"];
const folder = (name) => `^src/server/${name}/`;
const ROOT_TOP = "^src/server/(app|main|migrate-cli|admin-cli)[.]ts$";

const layerRules = LAYERS.flatMap((layer, i) =>
  layer.map((name) => {
    const above = LAYERS.slice(i + 1).flat();
    const sideways = layer.filter((other) => other !== name);
    return {
      name: `layer-${name}`,
      comment: `src/server/${name} imports only from itself and from lower layers (${LAYERS.slice(0, i).flat().join(", ") || "none"}), never ${[...sideways, ...above].join(", ")}`,
      severity: "error",
      from: { path: folder(name), pathNot: TESTS },
      to: { path: [...above, ...sideways].map(folder).concat(ROOT_TOP) },
    };
  }),
);

module.exports = {
  forbidden: [
    {
      name: "shared-imports-nothing",
      comment: "src/shared is imported by both sides and imports nothing from either",
      severity: "error",
      from: { path: "^src/shared/" },
      to: { path: "^src/(client|server)/" },
    },
    {
      name: "client-not-server",
      comment: "the client never imports server code (only src/shared, and only types from contracts)",
      severity: "error",
      from: { path: "^src/client/" },
      to: { path: "^src/server/" },
    },
    {
      name: "server-not-client",
      severity: "error",
      from: { path: "^src/server/" },
      to: { path: "^src/client/" },
    },
    ...layerRules,
    {
      name: "context-imports-types",
      comment:
        "context.ts is imported by every route module, so it imports only types from the domains (and http/errors)",
      severity: "error",
      from: { path: "^src/server/context[.]ts$" },
      to: { path: "^src/server/[^/]+/", pathNot: folder("http"), dependencyTypesNot: ["type-only"] },
    },
    {
      name: "config-type-only",
      comment: "below the root, config.ts is imported for its type only: the root loads it and hands it down",
      severity: "error",
      from: { path: "^src/server/[^/]+/", pathNot: TESTS },
      to: { path: "^src/server/config[.]ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "no-circular",
      comment: "no import cycles (the only ones allowed pass through context.ts's type-only imports)",
      severity: "error",
      from: { path: "^(src|tests|bench)/" },
      to: { circular: true, viaOnly: { pathNot: "^src/server/context[.]ts$" } },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["node_modules", "^dist/", "^[.]"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
    cache: false,
  },
};
