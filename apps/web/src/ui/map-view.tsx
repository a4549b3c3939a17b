import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { usePublicConfig } from '@/api/public-config.ts';

export interface MapMarker {
  latitude: number;
  longitude: number;
  label: string;
}

/** Dublin (spec 1 §9). */
const DEFAULT_CENTRE: [number, number] = [53.34, -6.26];

/**
 * A Leaflet map with markers. Tiles come from MAP_TILE_URL (public config); without one the map is a
 * plain grey background with the markers, so it works with no network. Markers are drawn as circles
 * (no marker images to fetch).
 */
export function MapView({
  markers,
  height = 220,
  zoom = 14,
  label,
}: {
  markers: MapMarker[];
  height?: number;
  zoom?: number;
  label: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const config = usePublicConfig();
  const tileUrl = config.data?.mapTileUrl ?? '';
  const key = JSON.stringify(markers);

  useEffect(() => {
    if (!container.current) return;
    const map = L.map(container.current, {
      attributionControl: Boolean(tileUrl),
      zoomControl: true,
      scrollWheelZoom: false,
      keyboard: true,
    });
    if (tileUrl) L.tileLayer(tileUrl, { maxZoom: 19, attribution: '&copy; map contributors' }).addTo(map);
    const points = markers.map((marker) => {
      L.circleMarker([marker.latitude, marker.longitude], {
        radius: 8,
        color: '#1864ab',
        weight: 2,
        fillColor: '#339af0',
        fillOpacity: 0.8,
      })
        .bindTooltip(marker.label)
        .addTo(map);
      return L.latLng(marker.latitude, marker.longitude);
    });
    if (points.length === 1 && points[0]) map.setView(points[0], zoom);
    else if (points.length > 1) map.fitBounds(L.latLngBounds(points), { padding: [20, 20], maxZoom: zoom });
    else map.setView(DEFAULT_CENTRE, 7);
    return () => {
      map.remove();
    };
    // markers are compared by value through `key`
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, tileUrl, zoom]);

  return (
    <div
      ref={container}
      role="group"
      aria-label={label}
      style={{ height, width: '100%', background: '#dee2e6', borderRadius: 4 }}
    />
  );
}
