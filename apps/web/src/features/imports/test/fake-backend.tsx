import { MantineProvider } from '@mantine/core';
import type {
  Import,
  ImportsPreviewOutput,
  PlatformObject,
  PlatformOpName,
} from '@fiscus/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { server } from '@/mocks/node';
import { qryHandler, type OpAnswer, type QryBody } from '@/test/msw';

export const now = '2026-01-01T10:00:00.000Z';

export const vehicles: PlatformObject = {
  id: 'o1',
  name: 'Vehicles',
  code: 'vehicles',
  kind: 'table',
  description: '',
  displayFieldId: 'f1',
  tableName: 'obj_o1',
  fieldCount: 2,
  createdAt: now,
  updatedAt: now,
  fields: [
    {
      id: 'f1',
      objectId: 'o1',
      name: 'Name',
      code: 'name',
      type: 'text',
      options: {},
      position: 0,
      createdAt: now,
      updatedAt: now,
    },
    {
      id: 'f2',
      objectId: 'o1',
      name: 'Seats',
      code: 'seats',
      type: 'integer',
      options: {},
      position: 1,
      createdAt: now,
      updatedAt: now,
    },
  ],
};

export function makeImport(over: Partial<Import> = {}): Import {
  return {
    id: 'i1',
    objectId: 'o1',
    objectName: 'Vehicles',
    fileId: 'f0123456789abcdef',
    fileName: 'cars.csv',
    fileSize: 2048,
    format: 'csv',
    status: 'draft',
    settings: {
      delimiter: null,
      encoding: 'auto',
      sheet: null,
      header: true,
      mapping: [],
      mode: 'append',
      keyField: null,
      insertMissing: true,
      onError: 'stop',
    },
    progress: 0,
    processed: 0,
    total: null,
    result: null,
    error: null,
    createdBy: 'u1',
    createdByName: 'Anna',
    createdAt: now,
    startedAt: null,
    finishedAt: null,
    ...over,
  };
}

export const preview: ImportsPreviewOutput = {
  columns: [
    { index: 0, name: 'Name', type: 'text' },
    { index: 1, name: 'Seats', type: 'integer' },
    { index: 2, name: 'Colour', type: 'text' },
  ],
  rows: [
    ['Truck', '3', 'red'],
    ['Van', '8', 'blue'],
  ],
  sheets: [],
  encoding: 'utf-8',
  encodings: [{ encoding: 'utf-8', sample: '' }],
  encodingUncertain: false,
  delimiter: ',',
  mapping: [
    { column: 0, field: 'name' },
    { column: 1, field: 'seats' },
    { column: 2, field: null },
  ],
};

export type Call = QryBody;

/**
 * A fake `/api/qry`: each op answers from `handlers` (a function returning data, or a Response
 * for an error); every call is recorded; any other op fails the test.
 */
export function fakeQry(handlers: Partial<Record<PlatformOpName, OpAnswer>>) {
  const calls: Call[] = [];
  server.use(qryHandler(handlers, (body) => calls.push(body)));
  return { calls, of: (op: PlatformOpName) => calls.filter((c) => c.op === op) };
}

export function errorAnswer(
  status: number,
  message: string,
  fields?: Record<string, string[]>,
): Response {
  return HttpResponse.json(
    { error: { code: 'validation_failed', message, fields, requestId: 'r' } },
    { status },
  );
}

/** Shows the current address (to check deep links). */
function Where() {
  const loc = useLocation();
  return <div data-testid="where">{loc.pathname + loc.search}</div>;
}

export function renderAt(ui: ReactNode, url = '/fiscus/imports') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <MemoryRouter initialEntries={[url]}>
          <Suspense fallback={null}>
            <Routes>
              <Route path="/fiscus/imports" element={ui} />
              <Route path="*" element={<div>elsewhere</div>} />
            </Routes>
            <Where />
          </Suspense>
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}
