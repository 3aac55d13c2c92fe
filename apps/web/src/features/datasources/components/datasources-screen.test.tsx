import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { server } from '@/mocks/node';
import { qryHandler } from '@/test/msw';
import { mockServerWithDefaultRules } from '@/test/mock-server';
import { renderScreen } from '@/test/render';
import { DatasourcesScreen } from './datasources-screen';

mockServerWithDefaultRules();

describe('DatasourcesScreen', () => {
  it('shows the empty state: a short title, what can be added below it, and New', async () => {
    server.use(qryHandler({ 'datasources.list': () => ({ items: [] }) }));
    await renderScreen(<DatasourcesScreen />);
    const empty = await screen.findByTestId('datasources-empty');
    expect(within(empty).getByText('No data source yet')).toBeInTheDocument();
    expect(
      within(empty).getByText(
        'Add a PostgreSQL server, or upload a SQLite database or a CSV or XLSX file.',
      ),
    ).toBeInTheDocument();
    expect(within(empty).getByRole('button', { name: /data source/i })).toBeInTheDocument();
  });
});
