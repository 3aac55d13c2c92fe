import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/test/render';

// jsdom has no SVG geometry; Leaflet checks for it when it loads to choose its vector renderer.
vi.hoisted(() => {
  Object.defineProperty(window.SVGSVGElement.prototype, 'createSVGRect', {
    configurable: true,
    value: () => ({}),
  });
});

const { LeafletPage } = await import('./leaflet-page');

const paths = (card: HTMLElement) => card.querySelectorAll('.leaflet-overlay-pane path');
const pins = (card: HTMLElement) => card.querySelectorAll<HTMLElement>('.leaflet-marker-icon');

describe('Leaflet maps', () => {
  it('draws the bundled world outline, markers, shapes and the GeoJSON layer offline', async () => {
    await renderScreen(<LeafletPage />);
    const basic = await screen.findByTestId('map-basic');
    // Natural Earth 1:110m has 177 countries; each is a vector path of the base layer.
    await waitFor(() => expect(paths(basic).length).toBeGreaterThan(150));
    expect(basic.querySelector('.leaflet-tile')).toBeNull();
    expect(basic).toHaveTextContent('Natural Earth');
    expect(screen.getByTestId('maps-offline-note')).toHaveTextContent('VITE_MAP_TILE_URL');

    expect(pins(screen.getByTestId('map-markers'))).toHaveLength(6);
    // The base layer plus a circle, a polygon and a line.
    const shapes = screen.getByTestId('map-shapes');
    expect(paths(shapes).length).toBe(paths(basic).length + 3);
    // The base layer plus the nine countries of the revenue layer, and its legend.
    const geo = screen.getByTestId('map-geojson');
    expect(paths(geo).length).toBe(paths(basic).length + 9);
    expect(within(geo).getByTestId('map-legend')).toHaveTextContent('≥ 20%');

    const layers = screen.getByTestId('map-layers');
    expect(within(layers).getByText('Countries')).toBeInTheDocument();
    expect(within(layers).getByText('Land only')).toBeInTheDocument();
    expect(within(layers).getByText('Offices')).toBeInTheDocument();
    expect(within(layers).getByText('Coverage')).toBeInTheDocument();
    expect(pins(layers)).toHaveLength(6);
  });

  it('opens a marker’s popup, in the reader’s language', async () => {
    await renderScreen(<LeafletPage />, { language: 'de' });
    const card = await screen.findByTestId('map-markers');
    const lisbon = await within(card).findByTitle('Lissabon');
    expect(card.querySelector('.leaflet-popup')).toBeNull();
    fireEvent.click(lisbon);
    const popup = await within(card).findByTestId('map-popup');
    expect(popup.closest('.leaflet-popup')).toBeInTheDocument();
    expect(popup).toHaveTextContent('Lissabon');
    expect(popup).toHaveTextContent('27 Mitarbeitende');
  });

  it('reads the position of the dragged marker', async () => {
    await renderScreen(<LeafletPage />);
    const card = await screen.findByTestId('map-drag');
    expect(within(card).getByTestId('drag-position')).toHaveTextContent('48.8566, 2.3522');
    expect(within(card).getByTitle('Drag me')).toHaveClass('leaflet-marker-draggable');
  });
});
