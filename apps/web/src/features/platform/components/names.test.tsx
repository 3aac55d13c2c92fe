import { defaultRules, type PlatformObject } from '@fiscus/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetRules, setRules } from '@/lib/ability';
import { i18next } from '@/lib/i18n';
import { server } from '@/mocks/node';
import { qryHandler, strict } from '@/test/msw';
import { renderScreen } from '@/test/render';
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
});
