import type { PlatformObject } from '@fiscus/contracts';
import { screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { qryHandler, strict } from '@/test/msw';
import { renderScreen } from '@/test/render';
import { HistoryDrawer } from './history-drawer';

const server = setupServer();
beforeAll(() => server.listen(strict));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const now = '2026-01-01T00:00:00.000Z';
const field = (id: string, code: string, type: string, options = {}) => ({
  id,
  objectId: 'o1',
  name: code[0]!.toUpperCase() + code.slice(1),
  code,
  type,
  options,
  position: 0,
  createdAt: now,
  updatedAt: now,
});
const object = (id: string, name: string, fields: unknown[]) =>
  ({
    id,
    name,
    code: name.toLowerCase(),
    kind: 'table',
    description: '',
    displayFieldId: 'n',
    tableName: `obj_${id}`,
    fieldCount: fields.length,
    createdAt: now,
    updatedAt: now,
    fields,
  }) as unknown as PlatformObject;

const vehicles = object('o1', 'Vehicles', [
  field('n', 'name', 'text'),
  field('t', 'type', 'reference', { target: 'o2' }),
]);
const types = object('o2', 'Types', [field('n', 'name', 'text')]);

describe('HistoryDrawer', () => {
  it('shows references by the text their records are shown as, not by their number', async () => {
    const asked: unknown[] = [];
    server.use(
      qryHandler({
        'records.history': () => ({
          items: [
            {
              id: 7,
              action: 'update',
              at: now,
              userId: 'u1',
              userName: 'Ann',
              before: { type: 1 },
              after: { type: 2 },
              changes: [{ field: 'type', name: 'Type', before: 1, after: 2 }],
            },
          ],
        }),
        'objects.get': () => types,
        'records.list': (body) => {
          asked.push(body.filter);
          return {
            rows: [
              { id: 1, values: { name: 'Car' }, display: {}, deletedAt: null },
              { id: 2, values: { name: 'Truck' }, display: {}, deletedAt: null },
            ],
          };
        },
      }),
    );
    await renderScreen(<HistoryDrawer meta={vehicles} recordId={5} opened onClose={() => {}} />);
    const entry = await screen.findByTestId('history-entry');
    expect(await within(entry).findByText('Car')).toBeVisible();
    expect(within(entry).getByText('→ Truck')).toBeVisible();
    expect(within(entry).queryByText('#1')).toBeNull();
    // One read of the referenced records, by their ids.
    expect(asked).toHaveLength(1);
    expect(JSON.stringify(asked[0])).toContain('[1,2]');
  });

  it('names the API token a change came through', async () => {
    server.use(
      qryHandler({
        'records.history': () => ({
          items: [
            {
              id: 9,
              action: 'create',
              at: now,
              userId: 'u1',
              userName: 'Ann',
              via: 'ERP nightly',
              before: null,
              after: { name: 'x' },
              changes: [],
            },
            {
              id: 8,
              action: 'update',
              at: now,
              userId: 'u1',
              userName: 'Ann',
              via: null,
              before: null,
              after: null,
              changes: [],
            },
          ],
        }),
      }),
    );
    await renderScreen(<HistoryDrawer meta={types} recordId={5} opened onClose={() => {}} />);
    const [viaToken, direct] = await screen.findAllByTestId('history-entry');
    expect(within(viaToken as HTMLElement).getByTestId('history-via')).toHaveTextContent(
      'via token “ERP nightly”',
    );
    expect(within(direct as HTMLElement).queryByTestId('history-via')).toBeNull();
  });
});
