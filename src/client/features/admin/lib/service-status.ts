import type { ServiceStatus } from "@shared/contracts/admin";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function fromEntry(value: unknown): ServiceStatus | null {
  if (!isRecord(value) || typeof value.name !== "string" || !value.name.trim() || typeof value.available !== "boolean")
    return null;
  return { name: value.name, available: value.available, detail: typeof value.detail === "string" ? value.detail : "" };
}

/**
 * Spec 3: the service status list arrives as a list, an object with a `services` list, or a map
 * of name to flag (or to `{ available, detail }`). Entries without a name and a true/false flag are
 * skipped; any other shape is an error, so the card says it could not load rather than "no services".
 */
export function normalizeServiceStatus(data: unknown): ServiceStatus[] {
  if (Array.isArray(data)) return data.map(fromEntry).filter((s): s is ServiceStatus => s !== null);
  if (isRecord(data) && Array.isArray(data.services)) return normalizeServiceStatus(data.services);
  if (isRecord(data)) {
    const entries = Object.entries(data);
    const services = entries.map(([name, value]) => {
      if (typeof value === "boolean") return { name, available: value, detail: "" };
      if (isRecord(value) && typeof value.available === "boolean") return fromEntry({ ...value, name });
      return null;
    });
    if (services.every((s) => s !== null)) return services;
  }
  throw new Error("Unrecognised service status response");
}
