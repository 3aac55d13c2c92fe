import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { defaultRules, type Field, type PlatformObject, type RecordRow } from '@fiscus/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Suspense, useState } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRules, setRules } from '@/lib/ability';
import type * as ChunkedUploadModule from '@/lib/chunked-upload';
import type { ChunkedUpload } from '@/lib/chunked-upload';
import { i18nReady, i18next } from '@/lib/i18n';
import { server } from '@/mocks/node';
import { withFileNames } from '../lib/fields';
import { RecordForm, type FormValues } from './record-form';
import { qryHandler, strict } from '@/test/msw';

const downloadFile = vi.hoisted(() =>
  vi.fn((_id: string, _name?: string, _p?: (l: number, t?: number) => void) => Promise.resolve()),
);
vi.mock('@/lib/download', () => ({ downloadFile }));
const startChunkedUpload = vi.hoisted(() => vi.fn<typeof ChunkedUploadModule.startChunkedUpload>());
vi.mock('@/lib/chunked-upload', async (original) => ({
  ...(await original<typeof ChunkedUploadModule>()),
  startChunkedUpload,
}));

const now = '2026-01-01T00:00:00.000Z';
const field = (id: string, code: string, name: string, type: Field['type']): Field => ({
  id,
  objectId: 'o1',
  name,
  code,
  type,
  options: {},
  position: Number(id.slice(1)),
  createdAt: now,
  updatedAt: now,
});
const meta: PlatformObject = {
  id: 'o1',
  name: 'Contracts',
  code: 'contracts',
  kind: 'table',
  description: '',
  displayFieldId: 'f1',
  tableName: 'obj_o1',
  fieldCount: 3,
  createdAt: now,
  updatedAt: now,
  fields: [
    field('f1', 'title', 'Title', 'text'),
    field('f2', 'scan', 'Scan', 'attachment'),
    field('f3', 'annex', 'Annex', 'attachment'),
  ],
};
const SCAN = 'aaaaaaaaaaaaaaaa0001';
const ANNEX = 'aaaaaaaaaaaaaaaa0002';
const info = (id: string, name: string, size: number) => ({
  id,
  name,
  size,
  type: 'application/pdf',
  sha256: 'x',
  createdAt: now,
  createdBy: null,
});

function Harness({ initial }: { initial: FormValues }) {
  const [values, setValues] = useState(initial);
  return (
    <>
      <RecordForm
        meta={meta}
        values={values}
        errors={{}}
        onChange={(code, v) => setValues((cur) => ({ ...cur, [code]: v }))}
      />
      <output data-testid="values">{JSON.stringify(values)}</output>
    </>
  );
}

function renderForm(initial: FormValues) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <Notifications />
        <Suspense fallback={null}>
          <Harness initial={initial} />
        </Suspense>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

const fieldBox = (code: string) =>
  document.querySelector<HTMLElement>(`div[data-field="${code}"]`) as HTMLElement;

/** The box of an attachment field, once the form has rendered. */
const findBox = (code: string) =>
  waitFor(() => {
    const el = fieldBox(code);
    expect(el).toBeTruthy();
    return el;
  });

beforeAll(async () => {
  server.listen(strict);
  await i18nReady;
  await i18next.changeLanguage('en');
});
beforeEach(() => {
  setRules(defaultRules);
  downloadFile.mockClear();
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  resetRules();
});

describe('attachments in the record form', () => {
  it('shows names and sizes from one files.get and downloads on click', async () => {
    const asked: unknown[] = [];
    server.use(
      qryHandler(
        {
          'files.get': () => ({
            items: [info(SCAN, 'scan.pdf', 2048), info(ANNEX, 'annex.pdf', 3 * 1048576)],
          }),
        },
        (body) => asked.push(body),
      ),
    );
    const user = userEvent.setup();
    renderForm({ title: 'Lease', scan: SCAN, annex: ANNEX });
    expect(await within(await findBox('scan')).findByText('scan.pdf')).toBeInTheDocument();
    expect(within(fieldBox('scan')).getByText('2 KB')).toBeInTheDocument();
    expect(within(fieldBox('annex')).getByText('annex.pdf')).toBeInTheDocument();
    expect(within(fieldBox('annex')).getByText('3 MB')).toBeInTheDocument();
    expect(asked).toEqual([{ op: 'files.get', ids: [SCAN, ANNEX] }]);

    await user.click(within(fieldBox('annex')).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(downloadFile).toHaveBeenCalledTimes(1));
    expect(downloadFile.mock.calls[0]?.slice(0, 2)).toEqual([ANNEX, 'annex.pdf']);
  });

  it('says so when a file is gone', async () => {
    server.use(qryHandler({ 'files.get': () => ({ items: [] }) }));
    renderForm({ title: 'Lease', scan: SCAN, annex: null });
    expect(await within(await findBox('scan')).findByText('File not found')).toBeInTheDocument();
    expect(within(fieldBox('annex')).getByText('No file')).toBeInTheDocument();
    expect(within(fieldBox('annex')).queryByRole('button', { name: 'Download' })).toBeNull();
  });

  it('uploads a file and shows its name; the value becomes the file id', async () => {
    server.use(
      http.post('*/api/upload', () =>
        HttpResponse.json({ fileId: SCAN, name: 'photo.png', size: 5, type: 'image/png' }),
      ),
      qryHandler({ 'files.get': () => ({ items: [info(SCAN, 'photo.png', 5)] }) }),
    );
    const user = userEvent.setup();
    renderForm({ title: 'Lease', scan: null, annex: null });
    const box = await findBox('scan');
    const input = box.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['hello'], 'photo.png', { type: 'image/png' }));
    expect(await within(box).findByText('photo.png')).toBeInTheDocument();
    expect(within(box).getByText('5 B')).toBeInTheDocument();
    expect(screen.getByTestId('values').textContent).toContain(`"scan":"${SCAN}"`);
  });

  it('shows the server’s message for a refused file, and a translated one without it', async () => {
    let envelope = true;
    server.use(
      http.post('*/api/upload', () =>
        envelope
          ? HttpResponse.json(
              {
                error: {
                  code: 'unsupported_media_type',
                  message: 'Executable files are not accepted',
                  requestId: 'r1',
                },
              },
              { status: 415 },
            )
          : new HttpResponse('too big', { status: 413 }),
      ),
    );
    const user = userEvent.setup();
    renderForm({ title: 'Lease', scan: null, annex: null });
    const box = await findBox('scan');
    const input = box.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['MZ'], 'run.exe'));
    expect(await within(box).findByRole('alert')).toHaveTextContent(
      'Executable files are not accepted',
    );
    envelope = false;
    await user.upload(input, new File(['x'], 'big.csv'));
    expect(
      await within(box).findByText('The file is too large. The limit is 20 MB.'),
    ).toBeVisible();
    expect(screen.getByTestId('values').textContent).toContain('"scan":null');
  });
});

describe('AttachmentInput with a large file', () => {
  it('sends a file over the one-request limit through the resumable chunked upload', async () => {
    const big = new File(['%PDF'], 'survey.pdf');
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 5 });
    startChunkedUpload.mockImplementationOnce((file: File, options) => {
      options?.onProgress?.({
        loaded: 1,
        total: file.size,
        fraction: 0.5,
        speed: 1,
        secondsLeft: 1,
      });
      return {
        upload: {} as ChunkedUpload,
        done: Promise.resolve({
          fileId: 'bbbbbbbbbbbbbbbb0009',
          uploadId: 'up1',
          name: file.name,
          size: file.size,
          type: 'application/pdf',
        }),
      };
    });
    // The form then asks for the stored file's details.
    server.use(
      qryHandler({
        'files.get': () => ({ items: [info('bbbbbbbbbbbbbbbb0009', 'survey.pdf', big.size)] }),
      }),
    );
    const user = userEvent.setup();
    renderForm({ title: 'Lease', scan: null, annex: null });
    const box = await findBox('scan');
    const input = box.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, big);
    await waitFor(() =>
      expect(screen.getByTestId('values').textContent).toContain('"scan":"bbbbbbbbbbbbbbbb0009"'),
    );
    expect(startChunkedUpload).toHaveBeenCalledWith(big, expect.anything());
    expect(within(box).getByText('survey.pdf')).toBeVisible();
  });
});

describe('withFileNames', () => {
  const row = (id: number, values: Record<string, unknown>): RecordRow => ({
    id,
    values,
    display: {},
    createdAt: now,
    createdBy: null,
    updatedAt: now,
    updatedBy: null,
    deletedAt: null,
  });

  it('puts the names of a page’s files into display with one lookup', async () => {
    const lookup = vi.fn((ids: string[]) =>
      Promise.resolve(new Map(ids.filter((i) => i === SCAN).map((i) => [i, { name: 'scan.pdf' }]))),
    );
    const rows = [row(1, { scan: SCAN, annex: ANNEX }), row(2, { scan: SCAN, annex: null })];
    const out = await withFileNames(rows, meta.fields, lookup, 'File not found');
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(new Set(lookup.mock.calls[0]?.[0])).toEqual(new Set([SCAN, ANNEX]));
    expect(out[0]?.display).toEqual({ scan: 'scan.pdf', annex: 'File not found' });
    expect(out[1]?.display).toEqual({ scan: 'scan.pdf' });
    expect(rows[0]?.display).toEqual({});
  });

  it('leaves rows alone when the lookup fails or nothing is attached', async () => {
    const rows = [row(1, { scan: SCAN })];
    const failing = vi.fn(() => Promise.reject(new Error('offline')));
    expect(await withFileNames(rows, meta.fields, failing, '?')).toBe(rows);
    const none = vi.fn();
    const empty = [row(2, { title: 'x', scan: null })];
    expect(await withFileNames(empty, meta.fields, none, '?')).toBe(empty);
    expect(none).not.toHaveBeenCalled();
  });
});
