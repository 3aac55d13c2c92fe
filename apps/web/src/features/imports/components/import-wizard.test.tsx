import { webcrypto } from 'node:crypto';
import { defaultRules, type Import } from '@fiscus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetRules, setRules } from '@/lib/ability';
import { i18nReady } from '@/lib/i18n';
import { server } from '@/mocks/node';
import {
  errorAnswer,
  fakeQry,
  makeImport,
  now,
  preview,
  renderAt,
  vehicles,
} from '../test/fake-backend';
import { ImportsScreen } from './imports-screen';
import { strict } from '@/test/msw';

beforeAll(() => {
  server.listen(strict);
  setRules(defaultRules);
  // The page's crypto works on buffers of this realm.
  vi.stubGlobal('crypto', webcrypto);
});
afterEach(() => {
  server.resetHandlers();
  sessionStorage.clear();
});
afterAll(() => {
  server.close();
  resetRules();
  vi.unstubAllGlobals();
});

/** A draft that walks through run: queued, then finished on the next `imports.get`. */
function importBackend(
  over: {
    update?: (b: Record<string, unknown>) => unknown;
    preview?: (b: Record<string, unknown>) => unknown;
  } = {},
) {
  let imp: Import = makeImport();
  let gets = 0;
  const api = fakeQry({
    'objects.list': () => ({ items: [vehicles] }),
    'objects.get': () => vehicles,
    'imports.list': () => ({ items: [imp], total: 1 }),
    'imports.get': () => {
      if (imp.status === 'queued' && ++gets > 1)
        imp = {
          ...imp,
          status: 'succeeded',
          progress: 1,
          processed: 2,
          total: 2,
          startedAt: now,
          finishedAt: now,
          result: { inserted: 2, updated: 0, skipped: 0, failed: 0 },
        };
      return imp;
    },
    'imports.preview': (b) => {
      if (over.preview) return over.preview(b);
      const settings = (b.settings ?? {}) as { delimiter?: string | null };
      return settings.delimiter === ';'
        ? { ...preview, delimiter: ';', rows: [['Truck;3;red']] }
        : preview;
    },
    'imports.update': (b) => {
      const custom = over.update?.(b);
      if (custom) return custom;
      imp = { ...imp, settings: { ...imp.settings, ...(b.settings as object) } };
      return imp;
    },
    'imports.run': () => {
      imp = { ...imp, status: 'queued' };
      return imp;
    },
  });
  return api;
}

/** The input of a labelled select inside `root`. */
const selectIn = (root: HTMLElement, label: RegExp | string) =>
  within(root).getByLabelText(label, { selector: 'input' });

async function pick(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, label: string) {
  await user.click(input);
  const listbox = await waitFor(() => {
    const el = document.getElementById(input.getAttribute('aria-controls') ?? '');
    expect(el).not.toBeNull();
    return el as HTMLElement;
  });
  await user.click(within(listbox).getByRole('option', { name: label, hidden: true }));
  await waitFor(() => expect(input).toHaveValue(label));
}

describe('import wizard', () => {
  it('walks a draft through preview, map, options, run and result', async () => {
    await i18nReady;
    const api = importBackend();
    const user = userEvent.setup();
    renderAt(<ImportsScreen />, '/fiscus/imports?import=i1');

    // Preview: the first rows with detected types; another delimiter reads the file again.
    const step = await screen.findByTestId('wizard-step-preview');
    expect(await within(step).findByText('Truck')).toBeInTheDocument();
    expect(within(step).getAllByText('Integer').length).toBeGreaterThan(0);
    expect(within(step).getByText('Detected: Comma (,)')).toBeInTheDocument();
    await pick(user, selectIn(step, 'Delimiter'), 'Semicolon (;)');
    expect(await within(step).findByText('Truck;3;red')).toBeInTheDocument();
    expect(api.of('imports.preview').at(-1)).toMatchObject({ settings: { delimiter: ';' } });
    await user.click(screen.getByTestId('wizard-next'));

    // Map: the suggestion is pre-filled; the reading settings were saved.
    const map = await screen.findByTestId('wizard-step-map');
    expect(api.of('imports.update')[0]).toMatchObject({
      id: 'i1',
      settings: {
        delimiter: ';',
        encoding: 'auto',
        header: true,
        mapping: [
          { column: 0, field: 'name' },
          { column: 1, field: 'seats' },
          { column: 2, field: null },
        ],
      },
    });
    expect(selectIn(map, 'Field for column Name')).toHaveValue('Name (name)');
    expect(selectIn(map, 'Field for column Colour')).toHaveValue('— not imported —');
    await user.click(screen.getByTestId('wizard-next'));

    // Options: update needs a key; replace warns.
    const options = await screen.findByTestId('wizard-step-options');
    await user.click(within(options).getByRole('radio', { name: /Replace all/ }));
    expect(screen.getByTestId('options-replace-warning')).toBeInTheDocument();
    await user.click(within(options).getByRole('radio', { name: /Update by key/ }));
    await user.click(screen.getByTestId('wizard-run'));
    expect(await screen.findByText('Choose the key field.')).toBeInTheDocument();
    expect(api.of('imports.run')).toHaveLength(0);
    await user.click(within(options).getByRole('radio', { name: /Append/ }));
    await user.click(within(options).getByRole('radio', { name: /Skip the row/ }));
    await user.click(screen.getByTestId('wizard-run'));

    // Run, then the result.
    await waitFor(() => expect(api.of('imports.run')).toHaveLength(1));
    expect(api.of('imports.update').at(-1)).toMatchObject({
      settings: { mode: 'append', onError: 'skip', keyField: null },
    });
    const result = await screen.findByTestId('wizard-step-result');
    expect(within(result).getByTestId('result-inserted')).toHaveTextContent('2');
    expect(screen.getByTestId('wizard-open-records')).toHaveAttribute('href', '/fiscus/object/o1');
  }, 120_000);

  it('asks which encoding reads right when the file leaves it open, and previews the choice', async () => {
    await i18nReady;
    const uncertain = {
      ...preview,
      rows: [['Cœur', '3', 'red']],
      encoding: 'iso-8859-15' as const,
      encodings: [
        { encoding: 'iso-8859-15' as const, sample: 'Cœur,3,red' },
        { encoding: 'windows-1252' as const, sample: 'C½ur,3,red' },
      ],
      encodingUncertain: true,
    };
    const api = importBackend({
      preview: (b) =>
        (b.settings as { encoding?: string } | undefined)?.encoding === 'windows-1252'
          ? { ...uncertain, encoding: 'windows-1252', rows: [['C½ur', '3', 'red']] }
          : uncertain,
    });
    const user = userEvent.setup();
    renderAt(<ImportsScreen />, '/fiscus/imports?import=i1');
    const choice = await screen.findByTestId('preview-encoding-choice');
    expect(within(choice).getByText('Which encoding reads right?')).toBeInTheDocument();
    expect(within(choice).getByText('Cœur,3,red')).toBeInTheDocument();
    expect(within(choice).getByText('C½ur,3,red')).toBeInTheDocument();
    const step = screen.getByTestId('wizard-step-preview');
    expect(within(step).getByText('Detected: ISO-8859-15')).toBeInTheDocument();
    await user.click(within(choice).getByRole('radio', { name: 'Windows-1252' }));
    expect(await within(step).findByText('C½ur')).toBeInTheDocument();
    expect(api.of('imports.preview').at(-1)).toMatchObject({
      settings: { encoding: 'windows-1252' },
    });
    expect(selectIn(step, 'Encoding')).toHaveValue('Windows-1252');
    await user.click(screen.getByTestId('wizard-next'));
    await screen.findByTestId('wizard-step-map');
    expect(api.of('imports.update')[0]).toMatchObject({ settings: { encoding: 'windows-1252' } });
  });

  it('puts the server’s field errors next to the right control', async () => {
    await i18nReady;
    const api = importBackend({
      update: (b) =>
        (b.settings as { mode?: string }).mode
          ? errorAnswer(400, 'Some settings are not valid', {
              'settings.mapping.1.field': ['The field "seats" cannot hold this column'],
            })
          : undefined,
    });
    const user = userEvent.setup();
    renderAt(<ImportsScreen />, '/fiscus/imports?import=i1');
    await screen.findByText('Truck');
    await user.click(screen.getByTestId('wizard-next'));
    await screen.findByTestId('wizard-step-map');
    await user.click(screen.getByTestId('wizard-next'));
    await screen.findByTestId('wizard-step-options');
    await user.click(screen.getByTestId('wizard-run'));
    const map = await screen.findByTestId('wizard-step-map');
    expect(within(map).getByText('The field "seats" cannot hold this column')).toBeInTheDocument();
    expect(api.of('imports.run')).toHaveLength(0);
  });

  it('uploads a file in chunks, creates the import and goes to the preview', async () => {
    await i18nReady;
    const api = fakeQry({
      'objects.list': () => ({ items: [vehicles] }),
      'objects.get': () => vehicles,
      'imports.list': () => ({ items: [], total: 0 }),
      'imports.create': (b) => makeImport({ id: 'i9', fileId: b.fileId as string }),
      'imports.get': () => makeImport({ id: 'i9' }),
      'imports.preview': () => preview,
    });
    const chunks: { offset: string | null; size: number }[] = [];
    server.use(
      http.post('*/api/uploadchunk', async ({ request }) => {
        const form = await request.formData();
        const part = form.get('chunk') as { size: number } | null;
        if (part) chunks.push({ offset: form.get('offset') as string, size: part.size });
        return HttpResponse.json({
          uploadId: 'u0123456789abcdef',
          received: part ? 19 : 0,
          size: 19,
          ...(part ? { fileId: 'f0123456789abcdef', type: 'text/csv' } : {}),
        });
      }),
    );
    const user = userEvent.setup();
    renderAt(<ImportsScreen />, '/fiscus/imports?import=new');
    const upload = await screen.findByTestId('wizard-step-upload');
    await pick(user, selectIn(upload, /^Object/), 'Vehicles');
    const input = upload.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['Name,Seats\nTruck,3\n'], 'cars.csv', { type: 'text/csv' }));
    expect(await screen.findByTestId('wizard-step-preview')).toBeVisible();
    expect(chunks).toEqual([{ offset: '0', size: 19 }]);
    expect(api.of('imports.create')[0]).toMatchObject({
      objectId: 'o1',
      fileId: 'f0123456789abcdef',
    });
    expect(screen.getByTestId('where')).toHaveTextContent('/fiscus/imports?import=i9');
  });

  it('shows the server’s refusal of a file', async () => {
    await i18nReady;
    fakeQry({
      'objects.list': () => ({ items: [vehicles] }),
      'imports.list': () => ({ items: [], total: 0 }),
    });
    server.use(
      http.post('*/api/uploadchunk', () =>
        HttpResponse.json(
          {
            error: {
              code: 'unsupported_media_type',
              message: 'This is not a CSV or XLSX file',
              requestId: 'r',
            },
          },
          { status: 415 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderAt(<ImportsScreen />, '/fiscus/imports?import=new');
    const upload = await screen.findByTestId('wizard-step-upload');
    const input = upload.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['%PDF-1.4'], 'fake.csv', { type: 'text/csv' }));
    const alert = await screen.findByTestId('wizard-upload-error');
    expect(within(alert).getByText('This is not a CSV or XLSX file')).toBeInTheDocument();
  });
});
