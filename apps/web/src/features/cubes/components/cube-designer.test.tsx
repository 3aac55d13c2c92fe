import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/mocks/node';
import { qryHandler, type QryBody } from '@/test/msw';
import { mockServerWithDefaultRules } from '@/test/mock-server';
import { renderScreen } from '@/test/render';
import { sales, salesCube } from '../test/fixtures';
import { CubeDesigner } from './cube-designer';

mockServerWithDefaultRules();

const objects = () => ({ items: [{ ...sales, fields: undefined }] });

/**
 * Picks an option of a Mantine select. Its options stay out of the accessibility tree while the
 * dropdown's transition runs (jsdom never finishes it), so they are looked up with `hidden`, in
 * the list the select controls.
 */
async function pick(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, name: string) {
  await user.click(input);
  const list = await waitFor(() => {
    const el = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!el) throw new Error('no list');
    return el;
  });
  await user.click(await within(list).findByRole('option', { name, hidden: true }));
}

describe('CubeDesigner', () => {
  it('creates a cube on an object with dimensions, measures and a variance', async () => {
    const calls: QryBody[] = [];
    server.use(
      qryHandler(
        {
          'objects.list': objects,
          'objects.get': () => sales,
          'cubes.create': (b) => ({ ...salesCube, id: 'c9', name: b.name as string }),
        },
        (b) => calls.push(b),
      ),
    );
    const user = userEvent.setup();
    await renderScreen(<CubeDesigner cubeId={null} />);
    await user.type(await screen.findByTestId('designer-name'), 'Plan vs actual');
    await pick(user, screen.getByTestId('designer-object'), 'Sales');
    await user.click(await screen.findByTestId('designer-add-dimension'));
    await user.click(screen.getByTestId('designer-add-measure'));
    await user.click(screen.getByTestId('designer-add-measure'));
    await user.click(screen.getByTestId('designer-add-variance'));
    await pick(user, screen.getByRole('combobox', { name: 'Actual' }), 'amount');
    await pick(user, screen.getByRole('combobox', { name: 'Plan' }), 'amount_2');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(screen.getByTestId('designer-save'));
    await waitFor(() => expect(calls.some((c) => c.op === 'cubes.create')).toBe(true));
    const sent = calls.find((c) => c.op === 'cubes.create')!;
    expect(sent).toMatchObject({
      objectId: 'o1',
      name: 'Plan vs actual',
      dimensions: [{ key: 'region', field: 'region' }],
      measures: [
        { key: 'records', fn: 'count' },
        { key: 'amount', fn: 'sum', field: 'amount' },
        { key: 'amount_2', fn: 'sum', field: 'amount' },
      ],
      calculated: [
        { key: 'variance', fn: 'difference', left: 'amount', right: 'amount_2' },
        { key: 'variance_pct', fn: 'ratio', left: 'variance', right: 'amount_2', scale: 4 },
      ],
    });
  });

  it('lets the key of a new dimension follow its field, and keeps a saved one', async () => {
    const calls: QryBody[] = [];
    server.use(
      qryHandler(
        {
          'objects.list': objects,
          'objects.get': () => sales,
          'cubes.create': (b) => ({ ...salesCube, id: 'c9', name: b.name as string }),
        },
        (b) => calls.push(b),
      ),
    );
    const user = userEvent.setup();
    await renderScreen(<CubeDesigner cubeId={null} />);
    await user.type(await screen.findByTestId('designer-name'), 'By product');
    await pick(user, screen.getByTestId('designer-object'), 'Sales');
    await user.click(await screen.findByTestId('designer-add-dimension'));
    await user.click(screen.getByTestId('designer-add-dimension'));
    expect(screen.getByTestId('dimension-field-1')).toHaveValue('Day');
    await pick(user, screen.getByTestId('dimension-field-1'), 'Product');
    await user.click(screen.getByTestId('designer-save'));
    await waitFor(() => expect(calls.some((c) => c.op === 'cubes.create')).toBe(true));
    expect(calls.find((c) => c.op === 'cubes.create')).toMatchObject({
      dimensions: [
        { key: 'region', field: 'region' },
        { key: 'product', field: 'product' },
      ],
    });
  });

  it('keeps the key of a saved dimension when its field changes', async () => {
    const calls: QryBody[] = [];
    server.use(
      qryHandler(
        {
          'objects.list': objects,
          'objects.get': () => sales,
          'cubes.get': () => salesCube,
          'cubes.update': () => salesCube,
        },
        (b) => calls.push(b),
      ),
    );
    const user = userEvent.setup();
    await renderScreen(<CubeDesigner cubeId="c1" />);
    await pick(user, await screen.findByTestId('dimension-field-1'), 'Name');
    await user.click(screen.getByTestId('designer-save'));
    await waitFor(() => expect(calls.some((c) => c.op === 'cubes.update')).toBe(true));
    expect(calls.find((c) => c.op === 'cubes.update')).toMatchObject({
      dimensions: [{ key: 'region' }, { key: 'product', field: 'name' }, { key: 'month' }],
    });
  });

  it('shows the errors the server names on their fields', async () => {
    server.use(
      qryHandler({
        'objects.list': objects,
        'objects.get': () => sales,
        'cubes.get': () => salesCube,
        'cubes.update': () =>
          HttpResponse.json(
            {
              error: {
                code: 'validation_failed',
                message: 'The cube definition has problems.',
                fields: { 'dimensions.1.field': ['“product” cannot be a dimension.'] },
                requestId: 'r',
              },
            },
            { status: 400 },
          ),
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<CubeDesigner cubeId="c1" />);
    await user.click(await screen.findByTestId('designer-save'));
    expect(await screen.findByText('“product” cannot be a dimension.')).toBeInTheDocument();
    expect(screen.getByTestId('designer-form-error')).toHaveTextContent(
      'The cube definition has problems.',
    );
    // The message sits with the field it names.
    const fieldInput = screen.getByTestId('dimension-field-1');
    expect(fieldInput).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits the cube’s name in other languages; the title is the user’s language', async () => {
    const calls: QryBody[] = [];
    server.use(
      qryHandler(
        {
          'objects.list': objects,
          'objects.get': () => sales,
          'cubes.get': () => ({ ...salesCube, names: { de: 'Umsatzwürfel' } }),
          'cubes.update': () => salesCube,
        },
        (b) => calls.push(b),
      ),
    );
    const user = userEvent.setup();
    await renderScreen(<CubeDesigner cubeId="c1" />, { language: 'de' });
    expect(await screen.findByRole('heading', { name: /Umsatzwürfel/ })).toBeInTheDocument();
    const names = screen.getByTestId('names');
    await user.click(within(names).getByRole('button'));
    expect(screen.getByTestId('name-de')).toHaveValue('Umsatzwürfel');
    await user.type(screen.getByTestId('name-ru'), 'Куб продаж');
    await user.click(screen.getByTestId('designer-save'));
    await waitFor(() => expect(calls.some((c) => c.op === 'cubes.update')).toBe(true));
    expect(calls.find((c) => c.op === 'cubes.update')).toMatchObject({
      name: salesCube.name,
      names: { de: 'Umsatzwürfel', ru: 'Куб продаж' },
    });
  });

  it('checks keys before sending', async () => {
    const calls: QryBody[] = [];
    server.use(
      qryHandler(
        { 'objects.list': objects, 'objects.get': () => sales, 'cubes.get': () => salesCube },
        (b) => calls.push(b),
      ),
    );
    const user = userEvent.setup();
    await renderScreen(<CubeDesigner cubeId="c1" />);
    const rows = await screen.findAllByTestId('designer-row');
    const key = within(rows[0]!).getAllByRole('textbox')[0]!;
    await user.clear(key);
    await user.type(key, 'Bad Key');
    await user.click(screen.getByTestId('designer-save'));
    expect(
      await screen.findByText('Use lower-case letters, digits and _, starting with a letter.'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.op === 'cubes.update')).toBe(false);
  });
});
