import type { feature } from 'topojson-client';

/** The world's countries as GeoJSON: id = ISO 3166 numeric code, `name` in English. */
export type World = GeoJSON.FeatureCollection<
  GeoJSON.Polygon | GeoJSON.MultiPolygon,
  { name: string }
>;

type Topology = Parameters<typeof feature>[0];

let loading: Promise<World> | null = null;

/** Antarctica spans every longitude: on a flat map it is a band along the bottom, left out. */
const ANTARCTICA = '010';

/**
 * Rings that cross the antimeridian (Russia's far east, Fiji) jump from 180° to -180°, which a
 * flat map draws as a stripe across the world: continue them past 180° instead.
 */
function unwrap(f: World['features'][number]): World['features'][number] {
  const ring = (r: GeoJSON.Position[]) => {
    let shift = 0;
    return r.map(([lng, lat], i) => {
      const prev = i > 0 ? r[i - 1]![0]! : lng!;
      if (lng! - prev > 180) shift -= 360;
      else if (prev - lng! > 180) shift += 360;
      return [lng! + shift, lat!];
    });
  };
  const g = f.geometry;
  const geometry =
    g.type === 'Polygon'
      ? { ...g, coordinates: g.coordinates.map(ring) }
      : { ...g, coordinates: g.coordinates.map((p) => p.map(ring)) };
  return { ...f, geometry };
}

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
    const world = topojson.feature(topology, topology.objects.countries!) as unknown as World;
    return { ...world, features: world.features.filter((f) => f.id !== ANTARCTICA).map(unwrap) };
  });
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
