/**
 * The one Earth every distance of the app is measured on: the sphere of PostgreSQL's
 * earthdistance extension (earth() = 6,378,168 m, which ll_to_earth and earth_distance use).
 * The in-memory catalog must answer exactly what SQL answers (tests/api/catalog.test.ts compares
 * them), so it has to be this radius, not the IUGG mean radius (6,371,008.8 m, 0.11% smaller);
 * sync's same-place test and the Google Places circles measure on the same sphere, so a distance
 * means the same thing everywhere (50 m of MERGE_DISTANCE_M differ by 6 cm between the two).
 */
export const EARTH_RADIUS_M = 6_378_168;

/** Great-circle distance in metres on that sphere. */
export function haversineMeters(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const rad = Math.PI / 180;
  const dLat = (bLat - aLat) * rad;
  const dLng = (bLng - aLng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}
