import { defaultRules } from '@fiscus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetRules, setRules } from '@/lib/ability';
import { useSession } from '@/lib/session';
import { server } from '@/mocks/node';
import { qryHandler, strict } from '@/test/msw';
import { renderScreen } from '@/test/render';
import { READ_KEY } from '../lib/read-state';
import {
  FakeEventSource,
  installFakeStream,
  makeEvent,
  uninstallFakeStream,
} from '../test/fake-event-source';
import { signInAs } from '../test/session';
import { RecentActivityCard, RunningJobsCard } from './activity-cards';
import { NotificationsBell } from './notifications-bell';

beforeAll(() => {
  server.listen(strict);
  setRules(defaultRules);
});
beforeEach(() => {
  installFakeStream();
  signInAs('u1');
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

const ticket = () => ({ ticket: 'y'.repeat(32), expiresAt: '' });

describe('NotificationsBell', () => {
  it('counts what others did and how own long work ended, and remembers what was read', async () => {
    let items = [
      makeEvent({ id: 5, kind: 'record.updated', userId: 'u2', userName: 'Bea', count: 2 }),
      makeEvent({ id: 4, kind: 'record.created', userId: 'u1', userName: 'Ann' }),
      makeEvent({
        id: 3,
        kind: 'export.failed',
        userId: 'u1',
        userName: 'Ann',
        data: { format: 'csv', error: 'Disk full' },
      }),
    ];
    server.use(
      qryHandler({
        'objects.list': () => ({ items: [] }),
        'procedures.list': () => ({ items: [] }),
        'reports.list': () => ({ items: [] }),
        'ribbon.list': () => ({ items, nextBefore: null }),
        'events.ticket': ticket,
      }),
    );
    const user = userEvent.setup();
    const view = await renderScreen(<NotificationsBell />);
    const bell = await screen.findByTestId('notifications-bell');
    await waitFor(() => expect(bell).toHaveAttribute('data-unread', '2'));
    // The popup's attributes are on the button that opens it (the badge around it is no button).
    expect(bell).toHaveAttribute('aria-haspopup', 'dialog');
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(bell.parentElement).not.toHaveAttribute('aria-haspopup');
    await user.click(bell);
    const dropdown = await screen.findByTestId('notifications-dropdown');
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    const shown = await within(dropdown).findAllByTestId('notification');
    expect(shown.map((n) => n.textContent)).toEqual([
      expect.stringContaining('2 records changed'),
      expect.stringContaining('Export failed (CSV)'),
    ]);
    expect(within(dropdown).getByText('Disk full')).toBeInTheDocument();
    expect(within(dropdown).getByTestId('notifications-unread')).toHaveTextContent('2 new');

    // A new event by somebody else arrives on the stream: one more unread.
    await waitFor(() => expect(FakeEventSource.last).toBeDefined());
    FakeEventSource.last!.open();
    items = [
      makeEvent({ id: 6, kind: 'record.deleted', userId: 'u3', userName: 'Carl' }),
      ...items,
    ];
    FakeEventSource.last!.event(items[0]!);
    await waitFor(() => expect(bell).toHaveAttribute('data-unread', '3'));

    await user.click(screen.getByTestId('notifications-read-all'));
    await waitFor(() => expect(bell).toHaveAttribute('data-unread', '0'));
    expect(JSON.parse(localStorage.getItem(READ_KEY)!)).toEqual({ 'u1:d1': { upTo: 6, ids: [] } });

    // Read stays read after the console is opened again.
    view.unmount();
    await renderScreen(<NotificationsBell />);
    const again = await screen.findByTestId('notifications-bell');
    await waitFor(() => expect(screen.getByTestId('notifications-bell')).toBeInTheDocument());
    expect(again).toHaveAttribute('data-unread', '0');
  });

  it('says so when there is nothing to tell', async () => {
    server.use(
      qryHandler({
        'objects.list': () => ({ items: [] }),
        'procedures.list': () => ({ items: [] }),
        'reports.list': () => ({ items: [] }),
        'ribbon.list': () => ({
          items: [makeEvent({ id: 1, kind: 'record.created', userId: 'u1' })],
          nextBefore: null,
        }),
        'events.ticket': ticket,
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<NotificationsBell />);
    await user.click(await screen.findByTestId('notifications-bell'));
    expect(await screen.findByText('No notifications')).toBeInTheDocument();
    expect(screen.getByTestId('notifications-bell')).toHaveAttribute('data-unread', '0');
  });
});

describe('dashboard cards', () => {
  it('show recent activity and running jobs, and a job’s progress as it streams', async () => {
    let jobLists = 0;
    server.use(
      qryHandler({
        'objects.list': () => ({ items: [] }),
        'procedures.list': () => ({ items: [] }),
        'reports.list': () => ({ items: [] }),
        'ribbon.list': () => ({ items: [makeEvent({ id: 2, count: 3 })], nextBefore: null }),
        'jobs.list': () => ({
          n: ++jobLists,
          items: [
            {
              id: 'j1',
              kind: 'procedure',
              status: 'running',
              progress: 0.25,
              processed: 1,
              total: 4,
              error: null,
              fileId: null,
              createdBy: 'u1',
              viaToken: 'Nightly ERP load',
              createdAt: '',
              startedAt: '',
              finishedAt: null,
              label: 'Copy scenario',
            },
          ],
        }),
        'events.ticket': ticket,
      }),
    );
    await renderScreen(
      <>
        <RecentActivityCard />
        <RunningJobsCard />
      </>,
    );
    const activity = await screen.findByTestId('home-activity');
    expect(await within(activity).findByText('3 records added')).toBeInTheDocument();
    const job = await screen.findByTestId('home-job');
    expect(job).toHaveTextContent('Copy scenario');
    // Started through an API token: the list says which.
    expect(job).toHaveTextContent('via token “Nightly ERP load”');
    expect(within(job).getByRole('progressbar')).toHaveAttribute('aria-label', '25%');
    expect(within(job).getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      '/fiscus/procedures?run=j1',
    );
    await waitFor(() => expect(FakeEventSource.last).toBeDefined());
    FakeEventSource.last!.open();
    // Opening reads the lists again (what happened before the stream opened).
    await waitFor(() => expect(jobLists).toBe(2));
    FakeEventSource.last!.job({
      id: 'j1',
      kind: 'procedure',
      status: 'succeeded',
      progress: 1,
      processed: 4,
      total: 4,
      error: null,
      fileId: null,
      createdBy: 'u1',
      createdAt: '',
      startedAt: '',
      finishedAt: '',
      label: null,
    });
    await waitFor(() =>
      expect(screen.getByTestId('home-job')).toHaveAttribute('data-status', 'succeeded'),
    );
    expect(screen.getByTestId('home-job')).toHaveTextContent('Done');
    expect(screen.getByTestId('home-job')).toHaveTextContent('Copy scenario');
  });

  it('have empty states', async () => {
    server.use(
      qryHandler({
        'objects.list': () => ({ items: [] }),
        'procedures.list': () => ({ items: [] }),
        'reports.list': () => ({ items: [] }),
        'ribbon.list': () => ({ items: [], nextBefore: null }),
        'jobs.list': () => ({ items: [] }),
        'events.ticket': ticket,
      }),
    );
    await renderScreen(
      <>
        <RecentActivityCard />
        <RunningJobsCard />
      </>,
    );
    expect(await screen.findByTestId('home-activity-empty')).toBeInTheDocument();
    expect(await screen.findByText('Nothing is running.')).toBeInTheDocument();
  });
});
