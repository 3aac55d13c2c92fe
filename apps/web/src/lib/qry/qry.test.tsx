import {
  platformOpNames,
  type Field,
  type PlatformObject,
  type RecordRow,
} from '@fiscus/contracts';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { server } from '@/mocks/node';
import { qryHandler, strict, type QryBody } from '@/test/msw';
import {
  applyOpEffects,
  opKey,
  opQueryOptions,
  reads,
  runOp,
  useOp,
  useOpMutation,
  writes,
} from '.';

beforeAll(() => server.listen(strict));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const now = '2026-01-01T00:00:00.000Z';
const field = (id: string, objectId: string, name: string): Field => ({
  id,
  objectId,
  name,
  code: name.toLowerCase(),
  type: 'text',
  options: {},
  position: 0,
  createdAt: now,
  updatedAt: now,
});
const object = (id: string, fields: Field[]): PlatformObject => ({
  id,
  name: `Object ${id}`,
  code: `object_${id}`,
  kind: 'table',
  description: '',
  displayFieldId: fields[0]?.id ?? null,
  tableName: `obj_${id}`,
  fieldCount: fields.length,
  createdAt: now,
  updatedAt: now,
  fields,
});
const record = (id: number, values: RecordRow['values']): RecordRow => ({
  id,
  values,
  display: {},
  createdAt: now,
  createdBy: null,
  updatedAt: now,
  updatedBy: null,
  deletedAt: null,
});

/** A small platform: objects o1 and o2, with calls counted by op and object. */
function backend() {
  const fields: Record<string, Field[]> = {
    o1: [field('f1', 'o1', 'Name')],
    o2: [field('f2', 'o2', 'Title')],
  };
  const calls: QryBody[] = [];
  server.use(
    qryHandler(
      {
        'objects.get': (b) => object(b.id as string, fields[b.id as string] ?? []),
        'records.list': () => ({
          rows: [record(1, { name: 'Truck' })],
          offset: 0,
          limit: 50,
          hasMore: false,
        }),
        'records.get': (b) => record(b.id as number, { name: 'Truck' }),
        'records.history': () => ({ items: [] }),
        'records.update': (b) => record(b.id as number, b.values as RecordRow['values']),
        'fields.update': (b) => {
          const f = field('f1', 'o1', b.name as string);
          fields.o1 = [f];
          return f;
        },
      },
      (body) => calls.push(body),
    ),
  );
  const count = (op: string, match: Record<string, unknown> = {}) =>
    calls.filter((c) => c.op === op && Object.entries(match).every(([k, v]) => c[k] === v)).length;
  return { count };
}

function wrapper(client: QueryClient) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
}
const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/** The object's fields as the objects screen shows them. */
function FieldList({ id }: { id: string }) {
  const meta = useOp('objects.get', { id });
  return <p data-testid={`fields-${id}`}>{meta.data?.fields.map((f) => f.name).join(', ')}</p>;
}

/** The same object as another screen reads it (e.g. an import's column mapping). */
function MappingTargets({ id }: { id: string }) {
  const meta = useQuery(opQueryOptions('objects.get', { id }));
  return <p data-testid={`targets-${id}`}>{meta.data?.fields.map((f) => f.code).join(', ')}</p>;
}

function Rows({ objectId }: { objectId: string }) {
  const list = useOp('records.list', { objectId, offset: 0, limit: 50 });
  return <p data-testid={`rows-${objectId}`}>{list.data?.rows.length ?? '…'}</p>;
}

function RenameField() {
  const update = useOpMutation('fields.update');
  return (
    <button type="button" onClick={() => update.mutate({ id: 'f1', name: 'Plate' })}>
      rename
    </button>
  );
}

describe('the platform query layer', () => {
  it('caches a read under one key made of the op and its whole input', async () => {
    const api = backend();
    const client = newClient();
    render(
      <>
        <FieldList id="o1" />
        <MappingTargets id="o1" />
        <FieldList id="o2" />
      </>,
      { wrapper: wrapper(client) },
    );
    expect(await screen.findByText('Name')).toBeInTheDocument();
    expect(await screen.findByText('name')).toBeInTheDocument();
    expect(await screen.findByText('Title')).toBeInTheDocument();
    // Two screens showing o1 share one answer; o2 is an answer of its own.
    expect(api.count('objects.get', { id: 'o1' })).toBe(1);
    expect(api.count('objects.get', { id: 'o2' })).toBe(1);
    expect(client.getQueryCache().findAll({ queryKey: ['qry', 'objects.get'] })).toHaveLength(2);
    // Property order does not make another key.
    const a = { objectId: 'o1', offset: 0, limit: 50 };
    const b = { limit: 50, offset: 0, objectId: 'o1' };
    const page = { rows: [], offset: 0, limit: 50, hasMore: false };
    client.setQueryData(opKey('records.list', a), page);
    expect(client.getQueryData(opKey('records.list', b))).toEqual(page);
  });

  it('a field change refreshes everything that shows the object, and only that object', async () => {
    const api = backend();
    const client = newClient();
    render(
      <>
        <FieldList id="o1" />
        <MappingTargets id="o1" />
        <Rows objectId="o1" />
        <FieldList id="o2" />
        <Rows objectId="o2" />
        <RenameField />
      </>,
      { wrapper: wrapper(client) },
    );
    expect(await screen.findByText('Name')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('rows-o2')).toHaveTextContent('1'));
    expect(api.count('records.list', { objectId: 'o1' })).toBe(1);

    act(() => screen.getByRole('button', { name: 'rename' }).click());
    await waitFor(() => expect(screen.getByTestId('fields-o1')).toHaveTextContent('Plate'));
    expect(screen.getByTestId('targets-o1')).toHaveTextContent('plate');
    await waitFor(() => expect(api.count('records.list', { objectId: 'o1' })).toBe(2));
    expect(api.count('objects.get', { id: 'o1' })).toBe(2);
    // The other object's reads stay as they were.
    expect(api.count('objects.get', { id: 'o2' })).toBe(1);
    expect(api.count('records.list', { objectId: 'o2' })).toBe(1);
  });

  it('a write answering the new record puts it in the cache; `keep` spares the open lists', async () => {
    const api = backend();
    const client = newClient();
    const list = { objectId: 'o1', offset: 0, limit: 50 };
    await client.fetchQuery(opQueryOptions('records.list', list));
    await client.fetchQuery(opQueryOptions('records.history', { objectId: 'o1', id: 1 }));

    await runOp(
      client,
      'records.update',
      { objectId: 'o1', id: 1, values: { name: 'Van' } },
      { keep: ['records.list', 'records.count', 'records.groups'] },
    );
    expect(client.getQueryData(opKey('records.get', { objectId: 'o1', id: 1 }))).toMatchObject({
      values: { name: 'Van' },
    });
    expect(api.count('records.get')).toBe(0);
    expect(client.getQueryState(opKey('records.list', list))?.isInvalidated).toBe(false);
    expect(
      client.getQueryState(opKey('records.history', { objectId: 'o1', id: 1 }))?.isInvalidated,
    ).toBe(true);

    // Without `keep` the lists of that object are stale too.
    await runOp(client, 'records.update', { objectId: 'o1', id: 1, values: { name: 'Bus' } });
    expect(client.getQueryState(opKey('records.list', list))?.isInvalidated).toBe(true);
  });

  it('switching the domain drops everything cached', async () => {
    backend();
    const client = newClient();
    await client.fetchQuery(opQueryOptions('objects.get', { id: 'o1' }));
    applyOpEffects(client, 'domains.switch', { id: 'd2' }, {
      accessToken: 'a',
      refreshToken: 'r',
      session: {},
    } as never);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it('abandons a read whose screen closed before its answer came', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      qryHandler({
        'objects.get': async (b) => {
          await held;
          return object(b.id as string, []);
        },
      }),
    );
    const client = newClient();
    const view = render(<FieldList id="o1" />, { wrapper: wrapper(client) });
    const key = opKey('objects.get', { id: 'o1' });
    await waitFor(() => expect(client.getQueryState(key)?.fetchStatus).toBe('fetching'));
    view.unmount();
    // Nobody waits for it any more: the request is cancelled, not left running to fill the cache.
    await waitFor(() => expect(client.getQueryState(key)?.fetchStatus).toBe('idle'));
    expect(client.getQueryData(key)).toBeUndefined();
    release();
  });

  it('knows every op of the contracts as exactly one of read or write', () => {
    for (const op of platformOpNames) expect([op in reads, op in writes]).toContain(true);
    expect(platformOpNames.filter((op) => op in reads && op in writes)).toEqual([]);
  });
});
