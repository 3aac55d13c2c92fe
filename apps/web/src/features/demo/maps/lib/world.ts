import type { feature } from 'topojson-client';

/** The world's countries as GeoJSON: id = ISO 3166 numeric code, `name` in English. */
export type World = GeoJSON.FeatureCollection<
  GeoJSON.Polygon | GeoJSON.MultiPolygon,
  { name: string }
>;

type Topology = Parameters<typeof feature>[0];

let loading: Promise<World> | null = null;

/**
 * The country outlines the maps draw when no tile server is configured: Natural Earth 1:110m
 * (the `world-atlas` package, about 100 KB), shipped with the console and loaded with the page,
 * so a map looks like a map without any network.
 */
export function loadWorld(): Promise<World> {
  loading ??= Promise.all([
    import('world-atlas/countries-110m.json'),
    import('topojson-client'),
  ]).then(([atlas, topojson]) => {
    const topology = atlas.default as unknown as Topology;
    return topojson.feature(topology, topology.objects.countries!) as unknown as World;
  });
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
