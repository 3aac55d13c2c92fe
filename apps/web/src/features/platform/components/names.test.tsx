import { defaultRules, type PlatformObject } from '@fiscus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetRules, setRules } from '@/lib/ability';
import { i18next } from '@/lib/i18n';
import { server } from '@/mocks/node';
import { qryHandler, strict } from '@/test/msw';
import { renderScreen, settled } from '@/test/render';
import { FieldEditor } from './field-editor';
import { RecordCard } from './record-card';

const now = '2026-01-01T00:00:00.000Z';
const meta: PlatformObject = {
  id: 'o1',
  name: 'Vehicles',
  names: { ru: 'Транспорт', de: 'Fahrzeuge' },
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
      names: { ru: 'Название' },
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
      name: 'Fuel',
      names: { de: 'Kraftstoff' },
      code: 'fuel',
      type: 'money',
      options: {},
      position: 1,
      createdAt: now,
      updatedAt: now,
    },
  ],
};

const level: PlatformObject['fields'][number] = {
  ...meta.fields[0]!,
  id: 'f3',
  name: 'Level',
  names: {},
  code: 'level',
  type: 'select' as const,
  position: 2,
  options: {
    choices: [
      { value: 'high', label: 'High', labels: { de: 'Hoch' } },
      { value: 'low', label: 'Low' },
    ],
  },
};

beforeAll(() => {
  server.listen(strict);
  setRules(defaultRules);
});
afterEach(async () => {
  server.resetHandlers();
  await i18next.changeLanguage('en');
});
afterAll(() => {
  server.close();
  resetRules();
});

describe('names in the user’s language', () => {
  it('the record card shows the object and its fields in Russian, the rest by default name', async () => {
    await renderScreen(<RecordCard meta={meta} recordId={null} opened onClose={vi.fn()} />, {
      language: 'ru',
    });
    expect(await screen.findByRole('textbox', { name: 'Название' })).toBeInTheDocument();
    // No Russian name for Fuel: its default name.
    expect(screen.getByRole('textbox', { name: 'Fuel' })).toBeInTheDocument();
    expect(screen.getByText('Транспорт')).toBeInTheDocument();
  });

  it('switching the language renames the labels at once', async () => {
    await renderScreen(<RecordCard meta={meta} recordId={null} opened onClose={vi.fn()} />, {
      language: 'de',
    });
    expect(await screen.findByRole('textbox', { name: 'Kraftstoff' })).toBeInTheDocument();
    await i18next.changeLanguage('ru');
    expect(await screen.findByRole('textbox', { name: 'Название' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Fuel' })).toBeInTheDocument();
  });

  it('the field editor is titled with the field’s name in the user’s language', async () => {
    server.use(qryHandler({}));
    await renderScreen(
      <FieldEditor objectId="o1" field={meta.fields[1]!} opened onClose={vi.fn()} objects={[]} />,
      { language: 'de' },
    );
    expect(await screen.findByRole('dialog', { name: /Kraftstoff/ })).toBeInTheDocument();
  });

  it('the field editor sends the names typed per language', async () => {
    const bodies: unknown[] = [];
    server.use(
      qryHandler(
        { 'fields.update': (body) => ({ ...meta.fields[1], names: body.names }) },
        (body) => bodies.push(body),
      ),
    );
    const user = userEvent.setup();
    await renderScreen(
      <FieldEditor objectId="o1" field={meta.fields[1]!} opened onClose={vi.fn()} objects={[]} />,
    );
    await user.click(await screen.findByRole('button', { name: /Name in other languages/ }));
    const ru = await screen.findByRole('textbox', { name: 'Русский' });
    await user.type(ru, 'Топливо');
    expect(screen.getByRole('textbox', { name: 'Deutsch' })).toHaveValue('Kraftstoff');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      op: 'fields.update',
      id: 'f2',
      names: { de: 'Kraftstoff', ru: 'Топливо' },
    });
  });

  it('select choices: labels per language are edited in the field editor', async () => {
    const bodies: { options?: { choices?: unknown[] } }[] = [];
    server.use(
      qryHandler({ 'fields.update': (body) => ({ ...level, options: body.options }) }, (body) =>
        bodies.push(body as never),
      ),
    );
    const user = userEvent.setup();
    await renderScreen(
      <FieldEditor objectId="o1" field={level} opened onClose={vi.fn()} objects={[]} />,
    );
    await user.click(await screen.findByTestId('choice-labels-0'));
    expect(await screen.findByTestId('choice-0-label-de')).toHaveValue('Hoch');
    // An empty language shows the label itself.
    expect(screen.getByTestId('choice-0-label-ru')).toHaveAttribute('placeholder', 'High');
    await user.type(screen.getByTestId('choice-0-label-ru'), 'Высокий');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]!.options!.choices).toEqual([
      { value: 'high', label: 'High', labels: { de: 'Hoch', ru: 'Высокий' } },
      { value: 'low', label: 'Low' },
    ]);
  });

  it('select choices are shown in the user’s language in the card, else by their label', async () => {
    const user = userEvent.setup();
    const withLevel = {
      ...meta,
      fields: [
        ...meta.fields,
        {
          ...level,
          options: {
            choices: [
              { value: 'high', label: 'High', labels: { ru: 'Высокий' } },
              { value: 'low', label: 'Low' },
            ],
          },
        },
      ],
    };
    await renderScreen(<RecordCard meta={withLevel} recordId={null} opened onClose={vi.fn()} />, {
      language: 'ru',
    });
    const select = await waitFor(() => {
      const el = document.querySelector<HTMLInputElement>('input[data-field="level"]');
      if (!el) throw new Error('no select');
      return el;
    });
    await user.click(select);
    const list = await waitFor(() => {
      const el = document.getElementById(select.getAttribute('aria-controls') ?? '');
      if (!el) throw new Error('no list');
      return el;
    });
    expect(within(list).getByRole('option', { name: 'Высокий', hidden: true })).toBeInTheDocument();
    // No Russian label: the label.
    expect(within(list).getByRole('option', { name: 'Low', hidden: true })).toBeInTheDocument();
  });

  it('a catalog’s record card edits the record’s name in other languages', async () => {
    const catalog: PlatformObject = { ...meta, id: 'o9', name: 'Scenarios', kind: 'reference' };
    const record = {
      id: 7,
      values: { name: 'Budget', fuel: null },
      display: {},
      names: { de: 'Budget' },
      createdAt: now,
      createdBy: null,
      updatedAt: now,
      updatedBy: null,
      deletedAt: null,
    };
    const bodies: Record<string, unknown>[] = [];
    server.use(
      qryHandler(
        {
          'records.get': () => record,
          'records.update': (b) => ({ ...record, names: b.names }),
        },
        (b) => b.op === 'records.update' && bodies.push(b),
      ),
    );
    const user = userEvent.setup();
    const view = await renderScreen(
      <RecordCard meta={catalog} recordId={7} opened onClose={vi.fn()} />,
    );
    const names = await screen.findByTestId('names');
    await user.click(within(names).getByRole('button', { name: /Name in other languages/ }));
    expect(screen.getByTestId('name-de')).toHaveValue('Budget');
    // An empty language shows the record's display value.
    expect(screen.getByTestId('name-ru')).toHaveAttribute('placeholder', 'Budget');
    await user.type(screen.getByTestId('name-ru'), 'Бюджет');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    // Only the names changed: no values are sent.
    expect(bodies[0]).toMatchObject({
      objectId: 'o9',
      id: 7,
      values: {},
      names: { de: 'Budget', ru: 'Бюджет' },
    });
    await settled(view);
  });

  it('the records of other objects have no names in other languages', async () => {
    await renderScreen(<RecordCard meta={meta} recordId={null} opened onClose={vi.fn()} />);
    expect(await screen.findByRole('textbox', { name: 'Name' })).toBeInTheDocument();
    expect(screen.queryByTestId('names')).toBeNull();
  });
});
