/** Screen texts of the map of matches (Home and Explore's List | Map switch). */
export const MAP_TEXT = {
  viewLabel: "Show matches as",
  list: "List",
  map: "Map",
  /** The map region's name. */
  region: "Map of the matches",
  /** Read before the map: the list holds the same venues, for keyboards and screen readers. */
  listEquivalent: "The list view shows the same venues as the map.",
  searchArea: "Search this area",
  /** Shown while the matches are around a point the person panned to, not their position. */
  areaActive: "Showing matches around the map's centre. Distances are not shown.",
  backToMe: "Back to my location",
  backToStart: "Back to the starting point",
  loading: "Loading the map…",
  noWebgl: "This browser cannot draw the map (WebGL is unavailable). The list shows the same venues.",
  failed: "The map could not be drawn. The list shows the same venues.",
  plainBackground: "Map tiles are unavailable; the venues are placed on a plain background.",
  youAreHere: "Your location",
  clusterLabel: (n: number) => `${n} venues here, zoom in`,
  /** Venues at exactly one spot (no zoom parts them): their marker opens a list of them. */
  spotLabel: (n: number) => `${n} venues at this spot, show the list`,
  spotTitle: (n: number) => `${n} venues at this spot`,
  closeSpot: "Close the list",
  markerLabel: (name: string, capacity: string | null) => (capacity ? `${name}, ${MAP_TEXT.capacity(capacity)}` : name),
  /** A venue's live capacity, as the card's badge says it. */
  capacity: (capacity: string) => `Capacity: ${capacity}`,
  /** A venue's page: its pin on the map, and the same place on OpenStreetMap's own map. */
  pinRegion: (name: string) => `Map of where ${name} is`,
  pinNote: "The pin is the venue's position as its source gives it.",
  openInOsm: "Open in OpenStreetMap",
  /** Home opened from a venue's page ("See what's around it"): the matches are around that venue. */
  aroundVenue: "Showing matches around the venue you opened. Distances are not shown.",
  /** The attribution on a plain background: the venues are OpenStreetMap's (and Google's, when synced). */
  plainAttribution: "Venues © OpenStreetMap contributors",
} as const;
