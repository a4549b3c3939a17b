import L from 'leaflet';
import { drawableOutlines, ZONES_MAP, zoneColour, zonesMapViewport } from '@courier/domain/pricing/zones-map';
import type { ZoneGeoCode } from '@courier/domain/pricing/schemas';
import { MapFrame, useLeafletMap } from './map-view.tsx';

/**
 * The zones map (spec 1 §9): each zone's outlines as Leaflet polygons, coloured from a hash of the
 * zone's name at 50 % fill opacity, the view fitted to them unless they span too far (then Dublin at
 * the default zoom; Leaflet holds the minimum zoom of 4).
 */
export function ZonesMapView({ zones, height = 260, label }: { zones: ZoneGeoCode[]; height?: number; label: string }) {
  const map = useLeafletMap(
    (leaflet) => {
      const points = [];
      for (const zone of zones) {
        const outlines = drawableOutlines(zone.outlines);
        if (outlines.length === 0) continue;
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
    { minZoom: ZONES_MAP.minZoom },
  );
  return <MapFrame {...map} height={height} label={label} />;
}
