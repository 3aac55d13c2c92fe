import { defaultRules } from '@fiscus/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetRules, setRules } from '@/lib/ability';
import { useSession } from '@/lib/session';
import { server } from '@/mocks/node';
import { qryHandler, strict, type QryBody } from '@/test/msw';
import { renderScreen } from '@/test/render';
import {
  FakeEventSource,
  installFakeStream,
  makeEvent,
  uninstallFakeStream,
} from '../test/fake-event-source';
import { signInAs } from '../test/session';
import { RibbonScreen } from './ribbon-screen';

beforeAll(() => {
  server.listen(strict);
  setRules(defaultRules);
});
beforeEach(() => {
  installFakeStream();
  signInAs();
});
afterEach(() => {
  server.resetHandlers();
  uninstallFakeStream();
  useSession.getState().clear();
});
afterAll(() => {
  server.close();
  resetRules();
});

const yesterday = new Date(Date.now() - 86_400_000).toISOString();
const ticket = () => ({ ticket: 'x'.repeat(32), expiresAt: new Date().toISOString() });
const common = {
  'objects.list': () => ({ items: [{ id: 'o1', name: 'Vehicles', kind: 'table' }] }),
  'objects.get': () => ({ id: 'o1', name: 'Vehicles', fields: [] }),
  'members.list': () => ({ items: [] }),
  'procedures.list': () => ({ items: [] }),
  'reports.list': () => ({ items: [] }),
  'events.ticket': ticket,
};

describe('RibbonScreen', () => {
  it('groups events by day, links each to its record, and shows a live event without asking again', async () => {
    const served = [
      makeEvent({ id: 2, kind: 'record.updated', data: { fields: ['Seats', 'Colour'] } }),
      makeEvent({
        id: 1,
        kind: 'import.finished',
        at: yesterday,
        userName: 'Carl',
        data: { fileName: 'cars.csv', inserted: 10, updated: 0, skipped: 1, failed: 0 },
        links: { importId: 'i1', objectId: 'o1' },
      }),
    ];
    const lists: QryBody[] = [];
    server.use(
      qryHandler(
        { ...common, 'ribbon.list': () => ({ items: served, nextBefore: null }) },
        (b) => b.op === 'ribbon.list' && lists.push(b),
      ),
    );
    await renderScreen(<RibbonScreen />);
    const today = await screen.findByRole('region', { name: 'Today' });
    expect(within(today).getByText('1 record changed')).toBeInTheDocument();
    expect(within(today).getByText('Fields: Seats, Colour')).toBeInTheDocument();
    expect(within(today).getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      '/fiscus/recordpage/o1/5',
    );
    const before = screen.getByRole('region', { name: 'Yesterday' });
    expect(within(before).getByText('Import finished: cars.csv')).toBeInTheDocument();
    expect(
      within(before).getByText(/10 added · 0 updated · 1 skipped · 0 failed/),
    ).toBeInTheDocument();
    expect(within(before).getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      '/fiscus/imports?import=i1',
    );

    // The stream opens with a ticket; once it is open, a new event goes on top by itself.
    await waitFor(() => expect(FakeEventSource.last).toBeDefined());
    const es = FakeEventSource.last!;
    expect(es.url.pathname).toBe('/api/events');
    expect(es.url.searchParams.get('ticket')).toBe('x'.repeat(32));
    es.open();
    expect(await screen.findByTestId('stream-status')).toHaveTextContent('Live');
    await waitFor(() =>
      expect(screen.queryByTestId('ribbon-refresh')).not.toHaveAttribute('data-loading'),
    );
    const asked = lists.length;
    es.event(
      makeEvent({
        id: 3,
        kind: 'procedure.finished',
        objectId: null,
        objectName: null,
        data: { procedure: 'Copy scenario', rowsRead: 4, rowsWritten: 4, ms: 20 },
        links: { runId: 'r1', procedureId: 'p1' },
      }),
    );
    const rows = await screen.findAllByTestId('ribbon-event');
    await waitFor(() =>
      expect(screen.getAllByTestId('ribbon-event')[0]).toHaveTextContent(
        'Procedure “Copy scenario” finished',
      ),
    );
    const first = screen.getAllByTestId('ribbon-event')[0]!;
    expect(within(first).getByText('New')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      '/fiscus/procedures?run=r1',
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(lists.length).toBe(asked);
  });

  it('reconnects after a drop with a new ticket and the last event id it saw', async () => {
    let tickets = 0;
    server.use(
      qryHandler({
        ...common,
        'events.ticket': () => ({ ticket: `t${++tickets}`.padEnd(32, 'z'), expiresAt: '' }),
        'ribbon.list': () => ({ items: [], nextBefore: null }),
      }),
    );
    await renderScreen(<RibbonScreen />);
    await waitFor(() => expect(FakeEventSource.last).toBeDefined());
    const first = FakeEventSource.last!;
    expect(first.url.searchParams.get('lastEventId')).toBeNull();
    first.open();
    first.event(makeEvent({ id: 41 }));
    first.event(makeEvent({ id: 42 }));
    first.fail();
    expect(await screen.findByTestId('stream-status')).toHaveTextContent('Reconnecting…');
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(2));
    const second = FakeEventSource.last!;
    expect(first.closed).toBe(true);
    expect(second.url.searchParams.get('ticket')).toBe('t2'.padEnd(32, 'z'));
    expect(second.url.searchParams.get('lastEventId')).toBe('42');
    second.open();
    await waitFor(() => expect(screen.getByTestId('stream-status')).toHaveTextContent('Live'));
  });

  it('filters by kind on the server and offers to clear filters when nothing matches', async () => {
    const lists: QryBody[] = [];
    server.use(
      qryHandler(
        {
          ...common,
          'ribbon.list': (b) => ({
            items: b.kinds ? [] : [makeEvent({ id: 7 })],
            nextBefore: null,
          }),
        },
        (b) => b.op === 'ribbon.list' && lists.push(b),
      ),
    );
    const user = userEvent.setup();
    await renderScreen(<RibbonScreen />);
    await screen.findByText('1 record added');
    await user.click(screen.getByLabelText('Kinds', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Records deleted', hidden: true }));
    expect(await screen.findByText('No events match these filters')).toBeInTheDocument();
    expect(lists.at(-1)).toMatchObject({ kinds: ['record.deleted'], limit: 50 });
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!);
    expect(await screen.findByText('1 record added')).toBeInTheDocument();
  });

  it('keeps two kinds picked before the screen showed the first pick', async () => {
    const lists: QryBody[] = [];
    server.use(
      qryHandler(
        { ...common, 'ribbon.list': () => ({ items: [], nextBefore: null }) },
        (b) => b.op === 'ribbon.list' && lists.push(b),
      ),
    );
    const user = userEvent.setup();
    const view = await renderScreen(<RibbonScreen />, {
      path: '/fiscus/ribbon?kind=record.created',
    });
    await user.click(await screen.findByLabelText('Kinds', { selector: 'input' }));
    const deleted = await screen.findByRole('option', { name: 'Records deleted', hidden: true });
    const restored = screen.getByRole('option', { name: 'Records restored', hidden: true });
    // Both picks before the screen renders again, as on a busy device.
    act(() => {
      deleted.click();
      restored.click();
    });
    expect(new URLSearchParams(view.router.state.location.search).getAll('kind')).toEqual([
      'record.created',
      'record.deleted',
      'record.restored',
    ]);
    await waitFor(() =>
      expect(lists.at(-1)).toMatchObject({
        kinds: ['record.created', 'record.deleted', 'record.restored'],
      }),
    );
  });

  it('pages to older events and says when everything is shown', async () => {
    server.use(
      qryHandler({
        ...common,
        'ribbon.list': (b) =>
          b.before === 10
            ? { items: [makeEvent({ id: 9, kind: 'record.deleted', count: 3 })], nextBefore: null }
            : { items: [makeEvent({ id: 10 })], nextBefore: 10 },
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<RibbonScreen />);
    await user.click(await screen.findByRole('button', { name: 'Load older events' }));
    expect(await screen.findByText('3 records deleted')).toBeInTheDocument();
    expect(screen.getByText('That is everything.')).toBeInTheDocument();
    expect(screen.getByTestId('ribbon-shown')).toHaveTextContent('2 events shown');
  });

  it('names objects and procedures, also of live events, in the user’s language', async () => {
    server.use(
      qryHandler({
        ...common,
        'objects.list': () => ({
          items: [{ id: 'o1', name: 'Vehicles', names: { ru: 'Машины' }, kind: 'table' }],
        }),
        'procedures.list': () => ({
          items: [
            {
              id: 'p1',
              name: 'Budget assembly',
              names: { ru: 'Сборка бюджета' },
              description: '',
              stepCount: 1,
              paramCount: 0,
              triggerObjectId: null,
              lastRunStatus: null,
              lastRunAt: null,
              updatedAt: yesterday,
            },
          ],
        }),
        'ribbon.list': () => ({ items: [makeEvent({ id: 2 })], nextBefore: null }),
      }),
    );
    await renderScreen(<RibbonScreen />, { language: 'ru' });
    const row = await screen.findByTestId('ribbon-event');
    expect(await within(row).findByText('Машины')).toBeInTheDocument();
    expect(within(row).queryByText('Vehicles')).toBeNull();
    await waitFor(() => expect(FakeEventSource.last).toBeDefined());
    const es = FakeEventSource.last!;
    es.open();
    es.event(
      makeEvent({
        id: 3,
        kind: 'procedure.finished',
        objectId: null,
        objectName: null,
        data: { procedure: 'Budget assembly', rowsRead: 4, rowsWritten: 4, ms: 20 },
        links: { runId: 'r1', procedureId: 'p1' },
      }),
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('ribbon-event')[0]).toHaveTextContent(
        'Процедура «Сборка бюджета» выполнена',
      ),
    );
  });

  it('names the changed fields in the user’s language', async () => {
    const field = (code: string, name: string, ru: string) => ({
      id: `f-${code}`,
      code,
      name,
      names: { ru },
    });
    server.use(
      qryHandler({
        ...common,
        'objects.get': () => ({
          id: 'o1',
          name: 'Vehicles',
          fields: [field('seats', 'Seats', 'Места'), field('colour', 'Colour', 'Цвет')],
        }),
        'ribbon.list': () => ({
          items: [
            makeEvent({
              id: 2,
              kind: 'record.updated',
              data: { fields: ['Seats', 'Colour', 'Gone'] },
            }),
          ],
          nextBefore: null,
        }),
      }),
    );
    await renderScreen(<RibbonScreen />, { language: 'ru' });
    const row = await screen.findByTestId('ribbon-event');
    // A field deleted since keeps the name the event came with.
    expect(await within(row).findByText('Поля: Места, Цвет, Gone')).toBeInTheDocument();
  });

  it('shows the empty state of a quiet domain', async () => {
    server.use(qryHandler({ ...common, 'ribbon.list': () => ({ items: [], nextBefore: null }) }));
    await renderScreen(<RibbonScreen />);
    expect(await screen.findByText('Nothing has happened yet')).toBeInTheDocument();
  });
});
