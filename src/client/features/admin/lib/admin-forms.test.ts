import { ADMIN_TEXT } from "@client/features/admin/texts";
import { describe, expect, it } from "vitest";
import { ADMIN_SYNC_DEFAULTS } from "@client/features/admin/texts";
import { validateOwnerInput, validateSyncInput } from "./admin-forms";

const defaults = {
  latitude: String(ADMIN_SYNC_DEFAULTS.latitude),
  longitude: String(ADMIN_SYNC_DEFAULTS.longitude),
  radius: String(ADMIN_SYNC_DEFAULTS.radius),
};

describe("validateSyncInput", () => {
  it("accepts the spec's defaults as numbers", () => {
    expect(validateSyncInput(defaults)).toEqual({
      ok: true,
      value: { latitude: 37.7749, longitude: -122.4194, radius: 5000 },
    });
  });

  it("accepts any decimal for latitude and longitude", () => {
    const ok = validateSyncInput({ latitude: " 51.5 ", longitude: "-0.1275000001", radius: "1" });
    expect(ok).toEqual({ ok: true, value: { latitude: 51.5, longitude: -0.1275000001, radius: 1 } });
    expect(validateSyncInput({ latitude: "0", longitude: "+180", radius: "250" }).ok).toBe(true);
    expect(validateSyncInput({ latitude: ".5", longitude: "-90.", radius: "250" }).ok).toBe(true);
  });

  it("refuses text that is not a number, and points off the globe", () => {
    const bad = validateSyncInput({ latitude: "north", longitude: "", radius: "5000" });
    expect(bad).toEqual({
      ok: false,
      errors: {
        latitude: "Latitude must be a number between -90 and 90",
        longitude: "Longitude must be a number between -180 and 180",
      },
    });
    for (const latitude of ["90.01", "-91", "1e2", "0x10", "37,77", "NaN", "Infinity"]) {
      expect(validateSyncInput({ ...defaults, latitude }).ok, latitude).toBe(false);
    }
    expect(validateSyncInput({ ...defaults, longitude: "180.5" }).ok).toBe(false);
  });

  it("wants the radius as a whole number of metres, at least 1", () => {
    for (const radius of ["5000.5", "0", "-10", "", "5 km", "1e3"]) {
      const result = validateSyncInput({ ...defaults, radius });
      expect(result, radius).toEqual({
        ok: false,
        errors: { radius: "Radius must be a whole number of metres, at least 1" },
      });
    }
    expect(validateSyncInput({ ...defaults, radius: "5000.0" })).toMatchObject({ ok: true, value: { radius: 5000 } });
  });
});

describe("validateOwnerInput", () => {
  it("reads a numeric venue id and a trimmed email", () => {
    expect(validateOwnerInput({ venueId: " 42 ", email: " owner@example.com " })).toEqual({
      ok: true,
      value: { venueId: 42, email: "owner@example.com" },
    });
  });

  it("refuses a venue id that is not a whole number of at least 1, and a malformed email", () => {
    for (const venueId of ["", "0", "-3", "1.5", "abc", "datasf:12", "99999999999999999999"]) {
      expect(validateOwnerInput({ venueId, email: "a@b.co" }), venueId).toEqual({
        ok: false,
        errors: { venueId: ADMIN_TEXT.venueIdInvalid },
      });
    }
    for (const email of ["", "owner", "owner@", "@example.com", "a b@example.com", "owner@example"]) {
      expect(validateOwnerInput({ venueId: "1", email }), email).toEqual({
        ok: false,
        errors: { email: "Invalid email address" },
      });
    }
  });
});
