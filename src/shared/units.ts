import { KM_PER_MILE } from "./vocabulary";

export const METERS_PER_MILE = KM_PER_MILE * 1000;

/** Distance chips are miles; the match call takes kilometres (spec 9: miles times 1.60934). */
export const milesToKm = (miles: number) => miles * KM_PER_MILE;
export const kmToMiles = (km: number) => km / KM_PER_MILE;

/** Venue.distance of spec 3: miles as a string with one decimal ("0.8"). */
export const metersToMilesString = (meters: number) => (meters / METERS_PER_MILE).toFixed(1);
