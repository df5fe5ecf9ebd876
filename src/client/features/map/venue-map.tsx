import { useEffect, useId, useRef, useState } from "react";
import { X } from "lucide-react";
import {
  LngLatBounds,
  Map as MapLibre,
  Marker,
  setWorkerUrl,
  type GeoJSONSource,
  type MapGeoJSONFeature,
  type StyleSpecification,
} from "maplibre-gl";
import "maplibre-gl/dist/maplibre-gl.css";
import "./venue-map.css";
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import type { Venue } from "@shared/contracts/venues";
import { Button } from "@client/components/ui/button";
import type { Coords } from "@client/features/venues/lib/venue-params";
import { markerColor } from "./marker-color";
import { MAP_TEXT } from "./texts";

// The worker is a file of this site (the CSP's 'self'), emitted beside this chunk by the build.
setWorkerUrl(workerUrl);

const SOURCE = "venues";
const STYLE_TIMEOUT_MS = 8000;
const FIT_MAX_ZOOM = 15;
const EMPTY_ZOOM = 12;

/** A dark background alone: the markers' map when no style is configured or it cannot be fetched. */
export const PLAIN_STYLE: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: "background", type: "background", paint: { "background-color": "#1d1730" } }],
};

export interface VenueMapProps {
  venues: readonly Venue[];
  /** Where the matches were searched around (the person's position, the default point or a panned-to centre). */
  center: Coords;
  /** The person's own position, only when it is real (never the default point). */
  position: Coords | null;
  /** MAP_STYLE_URL, or null for the plain background. */
  styleUrl: string | null;
  /** Changes when the search changes (not when another page of it loads): the map then frames the matches again. */
  fitKey: string;
  /** True while the venues shown are the previous search's (a newer one is loading): not framed yet. */
  busy: boolean;
  onOpen: (venue: Venue) => void;
  /** "Search this area" after the person moves the map; none offered without it (a venue's own pin). */
  onSearchArea?: (center: Coords) => void;
}

type MapState = "loading" | "ready" | "plain" | "no-webgl" | "failed";

/** The style named by MAP_STYLE_URL, or null when it cannot be fetched or is not a style (offline, an outage). */
async function loadStyle(url: string | null): Promise<StyleSpecification | null> {
  if (!url) return null;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(STYLE_TIMEOUT_MS) });
    if (!res.ok) return null;
    const style = (await res.json()) as StyleSpecification;
    return style && style.version === 8 && Array.isArray(style.layers) ? style : null;
  } catch {
    return null;
  }
}

function webglAvailable(): boolean {
  try {
    const canvas = document.createElement("canvas");
    return !!(canvas.getContext("webgl2") ?? canvas.getContext("webgl"));
  } catch {
    return false;
  }
}

interface PointFeature {
  type: "Feature";
  id: number;
  geometry: { type: "Point"; coordinates: [number, number] };
  /** The venues at this spot (ids joined by commas) and how many they are. */
  properties: { ids: string; venues: number };
}

/**
 * One point per spot: venues at exactly the same coordinates (a food hall, a building of bars)
 * share a point, so that no zoom leaves one marker hidden under another; its marker lists them.
 */
export function featureCollection(venues: readonly Venue[]): { type: "FeatureCollection"; features: PointFeature[] } {
  const spots = new Map<string, Venue[]>();
  for (const v of venues) {
    const key = `${v.longitude},${v.latitude}`;
    const at = spots.get(key);
    if (at) at.push(v);
    else spots.set(key, [v]);
  }
  return {
    type: "FeatureCollection",
    features: [...spots.values()].map((at) => ({
      type: "Feature",
      id: at[0].id,
      geometry: { type: "Point", coordinates: [at[0].longitude, at[0].latitude] },
      properties: { ids: at.map((v) => v.id).join(","), venues: at.length },
    })),
  };
}

function markerButton(label: string): HTMLButtonElement {
  const el = document.createElement("button");
  el.type = "button";
  el.setAttribute("aria-label", label);
  return el;
}

/**
 * The matches on a MapLibre map: one marker per venue coloured by live capacity, clusters where
 * they crowd (the GeoJSON source's clustering, drawn as HTML buttons so that they need no map
 * fonts and work on the plain background too). A marker opens the venue's sheet, a cluster zooms
 * in, a marker of several venues at one spot lists them, and after the person moves the map "Search this area"
 * asks for the matches around its centre.
 */
export default function VenueMap({
  venues,
  center,
  position,
  styleUrl,
  fitKey,
  busy,
  onOpen,
  onSearchArea,
}: VenueMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibre | null>(null);
  const [state, setState] = useState<MapState>("loading");
  const [moved, setMoved] = useState(false);
  const byId = useRef(new Map<number, Venue>());
  const markers = useRef(new Map<string, Marker>());
  const openRef = useRef(onOpen);
  openRef.current = onOpen;
  const fitted = useRef<string | null>(null);
  /** The venues of the spot whose list is open. */
  const [spot, setSpot] = useState<Venue[] | null>(null);
  /** The key of the open spot's marker: markers are redrawn when the venues refresh, so focus goes back by key. */
  const spotKey = useRef<string | null>(null);

  // The map itself: made once, with the configured style or, failing that, the plain background.
  useEffect(() => {
    if (!webglAvailable()) {
      setState("no-webgl");
      return;
    }
    let cancelled = false;
    let map: MapLibre | null = null;
    void loadStyle(styleUrl).then((style) => {
      if (cancelled || !container.current) return;
      try {
        map = new MapLibre({
          container: container.current,
          style: style ?? PLAIN_STYLE,
          center: [center.longitude, center.latitude],
          zoom: EMPTY_ZOOM,
          attributionControl: { compact: true, customAttribution: style ? undefined : MAP_TEXT.plainAttribution },
          dragRotate: false,
          pitchWithRotate: false,
          cooperativeGestures: false,
        });
      } catch {
        setState("failed");
        return;
      }
      map.touchZoomRotate.disableRotation();
      // Tiles, sprites or fonts that fail (offline) are the style's loss, not the page's: the markers stay.
      map.on("error", () => {});
      map.on("load", () => {
        if (!map) return;
        map.addSource(SOURCE, {
          type: "geojson",
          data: featureCollection([]),
          cluster: true,
          clusterRadius: 44,
          // framed at its closest (FIT_MAX_ZOOM), every venue is a marker of its own
          clusterMaxZoom: FIT_MAX_ZOOM - 1,
          // a cluster counts venues, not spots
          clusterProperties: { venues: ["+", ["get", "venues"]] },
        });
        // An invisible layer keeps the source's tiles loaded, so its features can be read for the markers.
        map.addLayer({ id: "venues-source", type: "circle", source: SOURCE, paint: { "circle-opacity": 0 } });
        mapRef.current = map;
        setState(style ? "ready" : "plain");
      });
      map.on("moveend", (e) => {
        // only the person's own moves (drag, zoom, keys) offer a new search, not the map's framing
        if ((e as { originalEvent?: unknown }).originalEvent) setMoved(true);
      });
    });
    return () => {
      cancelled = true;
      mapRef.current = null;
      markers.current.clear();
      map?.remove();
    };
    // The map is made once per mount; later centres and venues are applied by the effects below.
  }, [styleUrl]);

  const loaded = state === "ready" || state === "plain";

  // The venues: into the clustered source, and the markers redrawn from what it holds in view.
  useEffect(() => {
    const map = mapRef.current;
    if (!loaded || !map) return;
    byId.current = new Map(venues.map((v) => [v.id, v]));
    const source = map.getSource<GeoJSONSource>(SOURCE);
    if (!source) return;

    // The marker a keyboard user stands on gets focus back when the refreshed markers are drawn.
    let refocus: string | null = null;
    for (const [key, marker] of markers.current) if (marker.getElement() === document.activeElement) refocus = key;

    const draw = () => {
      if (!map.isSourceLoaded(SOURCE)) return;
      const seen = new Set<string>();
      for (const f of map.querySourceFeatures(SOURCE) as MapGeoJSONFeature[]) {
        const props = f.properties as { cluster?: boolean; cluster_id?: number; venues?: number; ids?: string };
        const [lng, lat] = (f.geometry as unknown as PointFeature["geometry"]).coordinates;
        const key = props.cluster ? `c${props.cluster_id}` : `s${props.ids}`;
        if (seen.has(key)) continue;
        seen.add(key);
        if (markers.current.has(key)) continue;
        let el: HTMLButtonElement;
        const here = props.cluster
          ? []
          : (props.ids ?? "")
              .split(",")
              .map((id) => byId.current.get(Number(id)))
              .filter((v): v is Venue => !!v);
        if (props.cluster) {
          const count = props.venues ?? 0;
          el = markerButton(MAP_TEXT.clusterLabel(count));
          el.className = "vibe-map-cluster";
          el.dataset.count = String(count);
          el.textContent = String(count);
          const id = props.cluster_id!;
          el.addEventListener("click", () => {
            void source.getClusterExpansionZoom(id).then((zoom) => map.easeTo({ center: [lng, lat], zoom }));
          });
        } else if (here.length > 1) {
          // venues at one spot: no zoom parts them, so their marker lists them
          el = markerButton(MAP_TEXT.spotLabel(here.length));
          el.className = "vibe-map-cluster vibe-map-spot";
          el.dataset.count = String(here.length);
          el.setAttribute("aria-haspopup", "dialog");
          el.textContent = String(here.length);
          el.addEventListener("click", () => {
            spotKey.current = key;
            setSpot(here);
          });
        } else {
          const venue = here[0];
          if (!venue) continue;
          const capacity = venue.latestUpdate?.capacityStatus ?? null;
          el = markerButton(MAP_TEXT.markerLabel(venue.name, capacity));
          el.className = "vibe-map-marker";
          el.dataset.count = "1";
          el.dataset.venueId = venue.externalId;
          el.dataset.capacity = capacity ?? "unknown";
          el.style.backgroundColor = markerColor(capacity);
          el.addEventListener("click", () => openRef.current(venue));
        }
        markers.current.set(key, new Marker({ element: el }).setLngLat([lng, lat]).addTo(map));
        if (key === refocus) {
          refocus = null;
          el.focus();
        }
      }
      for (const [key, marker] of markers.current)
        if (!seen.has(key)) {
          marker.remove();
          markers.current.delete(key);
        }
    };

    for (const marker of markers.current.values()) marker.remove();
    markers.current.clear();
    // A refresh of the same venues (a live update, a search answering late) keeps an open spot list,
    // with the venues' fresh state; it closes only when the spot no longer holds two of them.
    setSpot((open) => {
      const fresh = open?.map((v) => byId.current.get(v.id)).filter((v): v is Venue => !!v) ?? [];
      return fresh.length > 1 ? fresh : null;
    });
    void source.setData(featureCollection(venues)).then(draw);
    map.on("render", draw);
    return () => {
      map.off("render", draw);
    };
  }, [loaded, venues]);

  // A new search frames its matches (and the searched point); another page of the same search does not move the map.
  useEffect(() => {
    const map = mapRef.current;
    if (!loaded || !map || busy || fitted.current === fitKey) return;
    fitted.current = fitKey;
    setMoved(false);
    if (venues.length === 0) {
      map.jumpTo({ center: [center.longitude, center.latitude], zoom: EMPTY_ZOOM });
      return;
    }
    const bounds = new LngLatBounds();
    for (const v of venues) bounds.extend([v.longitude, v.latitude]);
    map.fitBounds(bounds, { padding: 48, maxZoom: FIT_MAX_ZOOM, animate: false });
  }, [loaded, busy, fitKey, venues, center.latitude, center.longitude]);

  // The person's own position, when it is real.
  useEffect(() => {
    const map = mapRef.current;
    if (!loaded || !map || !position) return;
    const el = document.createElement("div");
    el.className = "vibe-map-me";
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", MAP_TEXT.youAreHere);
    const marker = new Marker({ element: el }).setLngLat([position.longitude, position.latitude]).addTo(map);
    return () => {
      marker.remove();
    };
  }, [loaded, position?.latitude, position?.longitude, position]);

  const searchArea = () => {
    const map = mapRef.current;
    if (!map) return;
    const c = map.getCenter();
    setMoved(false);
    onSearchArea?.({ latitude: c.lat, longitude: c.lng });
  };

  if (state === "no-webgl" || state === "failed")
    return (
      <p
        role="status"
        className="flex h-full items-center justify-center p-6 text-center text-sm text-muted-foreground"
      >
        {state === "no-webgl" ? MAP_TEXT.noWebgl : MAP_TEXT.failed}
      </p>
    );

  return (
    <div className="relative h-full w-full" aria-busy={state === "loading"}>
      <div ref={container} className="vibe-map h-full w-full" data-map-state={state} />
      {state === "loading" && (
        <p
          className={
            "pointer-events-none absolute inset-0 flex items-center " + "justify-center text-sm text-muted-foreground"
          }
        >
          {MAP_TEXT.loading}
        </p>
      )}
      {state === "plain" && styleUrl && (
        <p
          className={
            "pointer-events-none absolute top-2 left-2 max-w-[70%] " +
            "rounded-md bg-black/70 px-2 py-1 text-xs text-white"
          }
        >
          {MAP_TEXT.plainBackground}
        </p>
      )}
      {spot && (
        <SpotList
          venues={spot}
          onOpen={(venue) => {
            setSpot(null);
            openRef.current(venue);
          }}
          onClose={() => {
            setSpot(null);
            const key = spotKey.current;
            (key ? markers.current.get(key)?.getElement() : undefined)?.focus();
          }}
        />
      )}
      {moved && onSearchArea && (
        <div className="absolute top-3 left-1/2 -translate-x-1/2">
          <Button size="sm" onClick={searchArea} className="shadow-lg">
            {MAP_TEXT.searchArea}
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * The venues at one spot, over the map: a labelled dialog (not modal: the map stays usable) whose
 * items open each venue's sheet. Focus moves to its first item; Escape or Close hands it back.
 */
function SpotList({
  venues,
  onOpen,
  onClose,
}: {
  venues: readonly Venue[];
  onOpen: (venue: Venue) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    first.current?.focus();
  }, []);
  return (
    <div
      role="dialog"
      aria-labelledby={titleId}
      className={
        "absolute inset-x-3 bottom-11 z-10 mx-auto flex max-h-[60%] max-w-sm " +
        "flex-col rounded-xl border border-border bg-card/95 shadow-xl backdrop-blur"
      }
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="flex items-center justify-between gap-2 border-b border-border py-1 pr-1 pl-4">
        <h3 id={titleId} className="text-sm font-semibold">
          {MAP_TEXT.spotTitle(venues.length)}
        </h3>
        <Button variant="ghost" size="icon" onClick={onClose} aria-label={MAP_TEXT.closeSpot}>
          <X aria-hidden="true" />
        </Button>
      </div>
      <ul className="overflow-y-auto p-1">
        {venues.map((venue, i) => {
          const capacity = venue.latestUpdate?.capacityStatus ?? null;
          return (
            <li key={venue.id}>
              <button
                ref={i === 0 ? first : undefined}
                type="button"
                onClick={() => onOpen(venue)}
                className={
                  "flex min-h-11 w-full items-center gap-3 rounded-lg " +
                  "px-3 py-2 text-left text-sm hover:bg-secondary"
                }
              >
                <span
                  aria-hidden="true"
                  className="size-3 shrink-0 rounded-full border border-black/40"
                  style={{ backgroundColor: markerColor(capacity) }}
                />
                <span className="min-w-0 flex-1 truncate font-medium">{venue.name}</span>
                {capacity && (
                  <span className="shrink-0 text-xs text-muted-foreground">{MAP_TEXT.capacity(capacity)}</span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
