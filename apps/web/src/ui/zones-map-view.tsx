import L from 'leaflet';
import {
  drawableOutlines,
  type LatLng,
  ZONES_MAP,
  zoneColour,
  zonesMapViewport,
} from '@courier/domain/pricing/zones-map';
import type { ZoneGeoCode } from '@courier/domain/pricing/schemas';
import { MapFrame, useLeafletMap } from './map-view.tsx';

/** The area of the box around some outlines, in square degrees: enough to tell a city from a country. */
function spanOf(outlines: LatLng[][]): number {
  const points = outlines.flat();
  const latitudes = points.map((point) => point.latitude);
  const longitudes = points.map((point) => point.longitude);
  return (Math.max(...latitudes) - Math.min(...latitudes)) * (Math.max(...longitudes) - Math.min(...longitudes));
}

/**
 * The zones map (spec 1 §9): each zone's outlines as Leaflet polygons, coloured from a hash of the
 * zone's name at 50 % fill opacity, the view fitted to them unless they span too far (then Dublin at
 * the default zoom; Leaflet holds the minimum zoom of 4).
 */
export function ZonesMapView({ zones, height = 260, label }: { zones: ZoneGeoCode[]; height?: number; label: string }) {
  const map = useLeafletMap(
    (leaflet) => {
      const points: LatLng[] = [];
      // Largest first, so a small zone inside a large one (Dublin in Ireland) is drawn on top of it.
      const drawn = zones
        .map((zone) => ({ zone, outlines: drawableOutlines(zone.outlines) }))
        .filter(({ outlines }) => outlines.length > 0)
        .sort((a, b) => spanOf(b.outlines) - spanOf(a.outlines));
      for (const { zone, outlines } of drawn) {
        const colour = zoneColour(zone.zone);
        // One polygon per outline: [[ring], [ring]] is a multi-polygon in Leaflet, not a ring with holes.
        L.polygon(
          outlines.map((ring) => [ring.map((point): [number, number] => [point.latitude, point.longitude])]),
          { color: colour, weight: 1.5, fillColor: colour, fillOpacity: ZONES_MAP.fillOpacity },
        )
          .bindTooltip(zone.zone, { sticky: true })
          .addTo(leaflet);
        points.push(...outlines.flat());
      }
      const view = zonesMapViewport(points);
      if (view.kind === 'fit')
        leaflet.fitBounds(
          [
            [view.south, view.west],
            [view.north, view.east],
          ],
          { padding: [12, 12] },
        );
      else leaflet.setView([view.centre.latitude, view.centre.longitude], view.zoom);
    },
    JSON.stringify(zones),
    // Quarter zoom steps, so a fitted view fills the map rather than the next whole zoom level down.
    { minZoom: ZONES_MAP.minZoom, zoomSnap: 0.25 },
  );
  return <MapFrame {...map} height={height} label={label} />;
}
