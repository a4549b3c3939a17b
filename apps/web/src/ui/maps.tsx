import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentProps } from 'react';
import type { MapView as LeafletMapView } from './map-view.tsx';
import type { ZonesMapView as LeafletZonesMapView } from './zones-map-view.tsx';

// The maps load Leaflet (about 145 KB) only when a screen draws one: lists that share widgets with
// the map screens no longer download and run it on a cold start (issue 10, Lighthouse TBT).
const LazyMapView = lazy(() => import('./map-view.tsx').then((module) => ({ default: module.MapView })));
const LazyZonesMapView = lazy(() =>
  import('./zones-map-view.tsx').then((module) => ({ default: module.ZonesMapView })),
);

function MapLoading({ height }: { height: number }) {
  return (
    <Center h={height} role="status" aria-label="Loading map" bg="gray.1">
      <Loader size="sm" />
    </Center>
  );
}

/** A map with markers (ui/map-view.tsx), its code loaded when first drawn. */
export function MapView(props: ComponentProps<typeof LeafletMapView>) {
  return (
    <Suspense fallback={<MapLoading height={props.height ?? 220} />}>
      <LazyMapView {...props} />
    </Suspense>
  );
}

/** The zones map (ui/zones-map-view.tsx), its code loaded when first drawn. */
export function ZonesMapView(props: ComponentProps<typeof LeafletZonesMapView>) {
  return (
    <Suspense fallback={<MapLoading height={props.height ?? 260} />}>
      <LazyZonesMapView {...props} />
    </Suspense>
  );
}
