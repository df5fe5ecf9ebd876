import { ADMIN_TEXT } from "@client/features/admin/texts";
import { LIMITS } from "@shared/vocabulary";

/** Plain decimal notation: "37.7749", "-122.4194", "5", ".5", "+3." (no exponents, hex or blanks). */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

const decimal = (text: string): number | null => {
  const trimmed = text.trim();
  return DECIMAL.test(trimmed) ? Number(trimmed) : null;
};

export interface SyncFields {
  latitude: string;
  longitude: string;
  radius: string;
}

export interface SyncInput {
  latitude: number;
  longitude: number;
  /** metres */
  radius: number;
}

export type Validated<T, F> = { ok: true; value: T } | { ok: false; errors: Partial<Record<keyof F, string>> };

/**
 * Spec 5: latitude and longitude are numbers (any decimal) on the globe; the radius is a whole
 * number of metres. The server's upper bound on the radius is left to the server, whose message
 * the failure toast shows.
 */
export function validateSyncInput(fields: SyncFields): Validated<SyncInput, SyncFields> {
  const latitude = decimal(fields.latitude);
  const longitude = decimal(fields.longitude);
  const radius = decimal(fields.radius);
  const errors: Partial<Record<keyof SyncFields, string>> = {};
  if (latitude === null || latitude < -90 || latitude > 90) errors.latitude = ADMIN_TEXT.latitudeInvalid;
  if (longitude === null || longitude < -180 || longitude > 180) errors.longitude = ADMIN_TEXT.longitudeInvalid;
  if (radius === null || !Number.isInteger(radius) || radius < 1) errors.radius = ADMIN_TEXT.radiusInvalid;
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { latitude: latitude!, longitude: longitude!, radius: radius! } };
}

export interface OwnerFields {
  venueId: string;
  email: string;
}

export interface OwnerInput {
  venueId: number;
  email: string;
}

/** A loose shape check; the server decides whether the address belongs to an account. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateOwnerInput(fields: OwnerFields): Validated<OwnerInput, OwnerFields> {
  const idText = fields.venueId.trim();
  const venueId = /^\d+$/.test(idText) ? Number(idText) : Number.NaN;
  const email = fields.email.trim();
  const errors: Partial<Record<keyof OwnerFields, string>> = {};
  if (!Number.isSafeInteger(venueId) || venueId < 1) errors.venueId = ADMIN_TEXT.venueIdInvalid;
  if (!EMAIL.test(email) || email.length > LIMITS.emailMax) errors.email = ADMIN_TEXT.ownerEmailInvalid;
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { venueId, email } };
}
