import 'leaflet/dist/leaflet.css';
import {
  Alert,
  Box,
  Button,
  Card,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Text,
  Title,
  useMantineTheme,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import L, { type LatLngExpression, type PathOptions } from 'leaflet';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Circle,
  GeoJSON,
  LayerGroup,
  LayersControl,
  MapContainer,
  Marker,
  Polygon,
  Polyline,
  Popup,
  TileLayer,
  Tooltip,
} from 'react-leaflet';
import { appConfig } from '@/lib/config';
import { useTheme } from '@/lib/theme-store';
import { loadWorld, type World } from '../lib/world';
import classes from './leaflet-page.module.css';

type LatLng = [number, number];

/** The sample offices of the demo. */
const cities: { key: string; pos: LatLng; staff: number }[] = [
  { key: 'london', pos: [51.5074, -0.1278], staff: 120 },
  { key: 'paris', pos: [48.8566, 2.3522], staff: 85 },
  { key: 'berlin', pos: [52.52, 13.405], staff: 64 },
  { key: 'lisbon', pos: [38.7223, -9.1393], staff: 27 },
  { key: 'madrid', pos: [40.4168, -3.7038], staff: 41 },
  { key: 'rome', pos: [41.9028, 12.4964], staff: 33 },
];
const city = (key: string) => cities.find((c) => c.key === key)!.pos;

/** Revenue share by country (ISO numeric id → ISO alpha-2 for its name, share in %). */
const revenue: Record<string, { code: string; share: number }> = {
  '840': { code: 'US', share: 24 },
  '276': { code: 'DE', share: 18 },
  '250': { code: 'FR', share: 14 },
  '826': { code: 'GB', share: 12 },
  '076': { code: 'BR', share: 9 },
  '643': { code: 'RU', share: 8 },
  '724': { code: 'ES', share: 6 },
  '380': { code: 'IT', share: 5 },
  '620': { code: 'PT', share: 4 },
};
const steps = [
  { from: 20, color: '#5b4fdb' },
  { from: 10, color: '#8c83f3' },
  { from: 5, color: '#b7b1f8' },
  { from: 0, color: '#ddd9fc' },
];
const stepColor = (share: number) => steps.find((s) => share >= s.from)!.color;

const europe: LatLngExpression = [48.5, 6];

/** Where tiles come from when the build names a tile server (`VITE_MAP_TILE_URL`). */
const tiles = appConfig.mapTileUrl
  ? { url: appConfig.mapTileUrl, attribution: appConfig.mapTileAttribution }
  : null;

function useMapColors() {
  const theme = useMantineTheme();
  const dark = useTheme((s) => s.skin) === 'dark';
  const c = theme.colors;
  return {
    dark,
    water: dark ? c.dark[8] : '#dcecf7',
    land: dark ? c.dark[5] : c.gray[1],
    border: dark ? c.dark[3] : c.gray[5],
    primary: c.brand?.[6] ?? '#7367f0',
    accent: c.orange[6],
    success: c.teal[6],
  };
}

type MapColors = ReturnType<typeof useMapColors>;

/** A pin drawn with CSS (no image to load), in the theme's colour. */
const pinIcon = L.divIcon({
  className: classes.pin,
  html: '<span></span>',
  iconSize: [26, 26],
  iconAnchor: [13, 26],
  popupAnchor: [0, -24],
  tooltipAnchor: [0, -18],
});

/**
 * The map's background: the configured tile server, else the bundled country outlines drawn as
 * vector shapes (`borders` off gives the land without country lines).
 */
function BaseMap({
  world,
  colors,
  borders = true,
}: {
  world: World;
  colors: MapColors;
  borders?: boolean;
}) {
  if (tiles) return <TileLayer url={tiles.url} attribution={tiles.attribution} />;
  const style: PathOptions = {
    fillColor: colors.land,
    fillOpacity: 1,
    color: borders ? colors.border : colors.land,
    weight: borders ? 0.8 : 0,
  };
  return (
    <GeoJSON
      // GeoJSON layers keep their first style: a new skin draws a new layer.
      key={`${colors.dark}-${borders}`}
      data={world}
      style={style}
      interactive={false}
      attribution="&copy; Natural Earth"
    />
  );
}

function MapCard({
  title,
  subtitle,
  testId,
  children,
  footer,
}: {
  title: string;
  subtitle: string;
  testId: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid={testId}>
      <Title order={4} size="h5">
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {subtitle}
      </Text>
      {children}
      {footer}
    </Card>
  );
}

function DemoMap({
  center = europe,
  zoom = 4,
  colors,
  children,
  label,
}: {
  center?: LatLngExpression;
  zoom?: number;
  colors: MapColors;
  children: ReactNode;
  label: string;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Box className={classes.frame} aria-label={label} role="region">
      <MapContainer
        center={center}
        zoom={phone ? Math.max(1, zoom - 1) : zoom}
        minZoom={1}
        maxZoom={tiles ? 18 : 7}
        scrollWheelZoom={false}
        worldCopyJump
        style={{ height: phone ? 300 : 380, background: colors.water }}
      >
        {children}
      </MapContainer>
    </Box>
  );
}

function Coordinates({ pos, lang }: { pos: LatLng; lang: string }) {
  const f = new Intl.NumberFormat(lang, { minimumFractionDigits: 4, maximumFractionDigits: 4 });
  return (
    <>
      {f.format(pos[0])}, {f.format(pos[1])}
    </>
  );
}

/** Country names in the reader's language (ISO alpha-2 code → name). */
function regionNames(lang: string): (code: string) => string {
  try {
    const names = new Intl.DisplayNames([lang], { type: 'region' });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
}

/** Leaflet maps: basic, markers with popups, circles and polygons, GeoJSON, a draggable marker, layers. */
export function LeafletPage() {
  const { t, i18n } = useTranslation('maps');
  const lang = i18n.language;
  const colors = useMapColors();
  const world = useQuery({
    queryKey: ['demo-maps', 'world'],
    queryFn: loadWorld,
    staleTime: Infinity,
  });
  const [dragged, setDragged] = useState<LatLng>(city('paris'));
  const regionName = regionNames(lang);
  const percent = new Intl.NumberFormat(lang, { style: 'percent' });
  const cityName = (key: string) => t(`cities.${key}`);

  if (world.isPending)
    return (
      <Center mih={320} data-testid="maps-loading">
        <Loader />
      </Center>
    );
  if (world.isError)
    return (
      <Alert color="red" title={t('loadError')} data-testid="maps-error">
        <Button size="xs" variant="light" mt="xs" onClick={() => void world.refetch()}>
          {t('common:retry')}
        </Button>
      </Alert>
    );
  const w = world.data;
  const sales: World = { ...w, features: w.features.filter((f) => String(f.id) in revenue) };
  const markers = cities.map((c) => (
    <Marker key={c.key} position={c.pos} icon={pinIcon} title={cityName(c.key)}>
      <Popup>
        <div data-testid="map-popup">
          <Text fw={600} size="sm">
            {cityName(c.key)}
          </Text>
          <Text size="xs">{t('markers.staff', { count: c.staff })}</Text>
        </div>
      </Popup>
    </Marker>
  ));

  return (
    <div data-testid="leaflet-page">
      {!tiles && (
        <Alert
          variant="light"
          color="blue"
          icon={<IconInfoCircle size={18} />}
          title={t('offline.title')}
          mb="lg"
          data-testid="maps-offline-note"
        >
          <Text size="sm">{t('offline.text')}</Text>
          <Text size="sm" mt={4} c="dimmed">
            {t('offline.admin')}
          </Text>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <MapCard title={t('basic.title')} subtitle={t('basic.subtitle')} testId="map-basic">
          <DemoMap colors={colors} label={t('basic.title')} center={[30, 10]} zoom={2}>
            <BaseMap world={w} colors={colors} />
          </DemoMap>
        </MapCard>

        <MapCard title={t('markers.title')} subtitle={t('markers.subtitle')} testId="map-markers">
          <DemoMap colors={colors} label={t('markers.title')}>
            <BaseMap world={w} colors={colors} />
            {markers}
          </DemoMap>
        </MapCard>

        <MapCard title={t('shapes.title')} subtitle={t('shapes.subtitle')} testId="map-shapes">
          <DemoMap colors={colors} label={t('shapes.title')}>
            <BaseMap world={w} colors={colors} />
            <Circle
              center={city('paris')}
              radius={350_000}
              pathOptions={{ color: colors.primary, fillOpacity: 0.2 }}
            >
              <Tooltip>{t('shapes.circle', { city: cityName('paris') })}</Tooltip>
            </Circle>
            <Polygon
              positions={[city('madrid'), city('rome'), city('berlin')]}
              pathOptions={{ color: colors.accent, fillOpacity: 0.15 }}
            >
              <Tooltip>{t('shapes.polygon')}</Tooltip>
            </Polygon>
            <Polyline
              positions={[city('lisbon'), city('madrid'), city('paris'), city('london')]}
              pathOptions={{ color: colors.success, weight: 4, dashArray: '8 6' }}
            >
              <Tooltip>{t('shapes.line')}</Tooltip>
            </Polyline>
          </DemoMap>
        </MapCard>

        <MapCard
          title={t('geojson.title')}
          subtitle={t('geojson.subtitle')}
          testId="map-geojson"
          footer={
            <Group gap="md" mt="sm" data-testid="map-legend">
              {steps.map((s, i) => (
                <Group key={s.from} gap={6} wrap="nowrap">
                  <span className={classes.swatch} style={{ background: s.color }} />
                  <Text size="xs">
                    {i === 0
                      ? `≥ ${percent.format(s.from / 100)}`
                      : `${percent.format(s.from / 100)} – ${percent.format(steps[i - 1]!.from / 100)}`}
                  </Text>
                </Group>
              ))}
            </Group>
          }
        >
          <DemoMap colors={colors} label={t('geojson.title')} center={[30, 0]} zoom={1}>
            <BaseMap world={w} colors={colors} />
            <GeoJSON
              key={`${lang}-${colors.dark}`}
              data={sales}
              style={(f) => ({
                fillColor: stepColor(revenue[String(f?.id)]?.share ?? 0),
                fillOpacity: 0.9,
                color: colors.border,
                weight: 1,
              })}
              onEachFeature={(f, layer) => {
                const r = revenue[String(f.id)];
                if (r)
                  layer.bindTooltip(
                    t('geojson.tooltip', {
                      country: regionName(r.code),
                      share: percent.format(r.share / 100),
                    }),
                    { sticky: true },
                  );
              }}
            />
          </DemoMap>
        </MapCard>

        <MapCard
          title={t('drag.title')}
          subtitle={t('drag.subtitle')}
          testId="map-drag"
          footer={
            <Group justify="space-between" mt="sm" gap="xs">
              <Text size="sm">
                {t('drag.position')}{' '}
                <Text span fw={600} data-testid="drag-position">
                  <Coordinates pos={dragged} lang={lang} />
                </Text>
              </Text>
              <Button size="xs" variant="default" onClick={() => setDragged(city('paris'))}>
                {t('drag.reset')}
              </Button>
            </Group>
          }
        >
          <DemoMap colors={colors} label={t('drag.title')} zoom={5} center={city('paris')}>
            <BaseMap world={w} colors={colors} />
            <Marker
              position={dragged}
              draggable
              icon={pinIcon}
              title={t('drag.marker')}
              eventHandlers={{
                dragend: (e) => {
                  const p = (e.target as L.Marker).getLatLng();
                  setDragged([p.lat, p.lng]);
                },
              }}
            />
          </DemoMap>
        </MapCard>

        <MapCard title={t('layers.title')} subtitle={t('layers.subtitle')} testId="map-layers">
          <DemoMap colors={colors} label={t('layers.title')}>
            <LayersControl position="topright">
              <LayersControl.BaseLayer checked name={t('layers.countries')}>
                <BaseMap world={w} colors={colors} />
              </LayersControl.BaseLayer>
              {!tiles && (
                <LayersControl.BaseLayer name={t('layers.land')}>
                  <BaseMap world={w} colors={colors} borders={false} />
                </LayersControl.BaseLayer>
              )}
              <LayersControl.Overlay checked name={t('layers.offices')}>
                <LayerGroup>{markers}</LayerGroup>
              </LayersControl.Overlay>
              <LayersControl.Overlay name={t('layers.coverage')}>
                <LayerGroup>
                  {cities.map((c) => (
                    <Circle
                      key={c.key}
                      center={c.pos}
                      radius={c.staff * 2500}
                      pathOptions={{ color: colors.primary, fillOpacity: 0.25, weight: 1 }}
                    />
                  ))}
                </LayerGroup>
              </LayersControl.Overlay>
            </LayersControl>
          </DemoMap>
        </MapCard>
      </SimpleGrid>
    </div>
  );
}
