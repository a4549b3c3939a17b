import 'leaflet/dist/leaflet.css';
import { Text } from '@mantine/core';
import L from 'leaflet';
import { useEffect, useRef, type RefObject } from 'react';
import { usePublicConfig } from '@/api/public-config.ts';

export interface MapMarker {
  latitude: number;
  longitude: number;
  label: string;
}

/** Dublin (spec 1 §9). */
const DEFAULT_CENTRE: [number, number] = [53.34, -6.26];

/**
 * A Leaflet map in `container`, with tiles from MAP_TILE_URL (public config) and nothing else fetched;
 * `draw` adds the layers and sets the view. Rebuilt when `key` (the data, by value) or the tiles change.
 */
export function useLeafletMap(
  draw: (map: L.Map) => void,
  key: string,
  options: L.MapOptions = {},
): { container: RefObject<HTMLDivElement | null>; tilesConfigured: boolean | undefined } {
  const container = useRef<HTMLDivElement>(null);
  const config = usePublicConfig();
  const tileUrl = config.data?.mapTileUrl ?? '';
  const optionsKey = JSON.stringify(options);

  useEffect(() => {
    if (!container.current) return;
    const map = L.map(container.current, {
      attributionControl: Boolean(tileUrl),
      zoomControl: true,
      scrollWheelZoom: false,
      keyboard: true,
      ...(JSON.parse(optionsKey) as L.MapOptions),
    });
    if (tileUrl) L.tileLayer(tileUrl, { maxZoom: 19, attribution: '&copy; map contributors' }).addTo(map);
    draw(map);
    return () => {
      map.remove();
    };
    // `draw` reads the data that `key` stands for, compared by value
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, tileUrl, optionsKey]);

  return { container, tilesConfigured: config.data ? Boolean(tileUrl) : undefined };
}

/**
 * The box every map sits in. Its own stacking context (`isolation: isolate`, z-index 0) keeps
 * Leaflet's panes and controls (z-index 400 to 1000) inside it, so drawers, modals, menus and the
 * sticky header always cover a map. Without a tile URL it says so in its corner instead of showing a
 * blank grey box.
 */
export function MapFrame({
  container,
  tilesConfigured,
  height,
  label,
}: {
  container: RefObject<HTMLDivElement | null>;
  tilesConfigured: boolean | undefined;
  height: number;
  label: string;
}) {
  return (
    <div data-map-frame style={{ position: 'relative', isolation: 'isolate', zIndex: 0, height, width: '100%' }}>
      <div
        ref={container}
        role="group"
        aria-label={label}
        style={{ height: '100%', width: '100%', background: '#dee2e6', borderRadius: 4 }}
      />
      {tilesConfigured === false && (
        <Text
          size="xs"
          c="dark.7"
          px={6}
          py={2}
          style={{
            position: 'absolute',
            right: 4,
            bottom: 4,
            // Above Leaflet's panes and controls, inside this frame's own stacking context.
            zIndex: 1000,
            background: 'rgba(255, 255, 255, 0.9)',
            borderRadius: 4,
            pointerEvents: 'none',
          }}
        >
          Map tiles are not configured
        </Text>
      )}
    </div>
  );
}

/**
 * A map with markers, drawn as circles (no marker images to fetch).
 *
 * A `preview` is a small picture beside what it shows (each address book entry): it takes no keyboard
 * stop (the map, its marker, its zoom buttons, the credit's link), as the entry beside it already says
 * where it is. Each entry took four stops before its Delete button. The mouse can still zoom it.
 */
export function MapView({
  markers,
  height = 220,
  zoom = 14,
  label,
  preview = false,
}: {
  markers: MapMarker[];
  height?: number;
  zoom?: number;
  label: string;
  preview?: boolean;
}) {
  const map = useLeafletMap(
    (leaflet) => {
      const points = markers.map((marker) => {
        const circle = L.circleMarker([marker.latitude, marker.longitude], {
          radius: 8,
          color: '#1864ab',
          weight: 2,
          fillColor: '#339af0',
          fillOpacity: 0.8,
          // A tooltip's focus listener makes its circle a keyboard stop (Chromium focuses SVG so).
          interactive: !preview,
        });
        if (!preview) circle.bindTooltip(marker.label);
        circle.addTo(leaflet);
        return L.latLng(marker.latitude, marker.longitude);
      });
      // Its zoom buttons and, where tiles are configured, the credit's Leaflet link: the credit is drawn
      // again as the tiles join, once the view is set, so this waits for that.
      if (preview)
        leaflet.whenReady(() => {
          for (const link of leaflet.getContainer().querySelectorAll('a')) link.tabIndex = -1;
        });
      if (points.length === 1 && points[0]) leaflet.setView(points[0], zoom);
      else if (points.length > 1) leaflet.fitBounds(L.latLngBounds(points), { padding: [20, 20], maxZoom: zoom });
      else leaflet.setView(DEFAULT_CENTRE, 7);
    },
    // markers are compared by value
    `${JSON.stringify(markers)}|${zoom}|${preview}`,
    { keyboard: !preview },
  );
  return <MapFrame {...map} height={height} label={label} />;
}
