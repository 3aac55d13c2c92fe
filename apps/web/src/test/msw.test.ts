import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { server } from '@/mocks/node';
import { qryHandler, strict, takeUnexpected } from './msw';

beforeAll(() => server.listen(strict));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

// Each test takes the requests it provoked, so that it passes; left behind they fail the test.
describe('the strict mock server', () => {
  it('refuses a request no handler answers and records it', async () => {
    await expect(api.get('/api/nothing-here')).rejects.toThrow();
    expect(takeUnexpected()).toEqual([expect.stringMatching(/^GET http.*\/api\/nothing-here$/)]);
  });

  it('answers the ops given and records any other op', async () => {
    server.use(qryHandler({ 'objects.list': () => ({ items: [] }) }));
    const ok = await api.post('/api/qry', { op: 'objects.list' });
    expect(ok.data).toEqual({ data: { items: [] } });
    await expect(api.post('/api/qry', { op: 'tables.list' })).rejects.toMatchObject({
      response: { status: 404 },
    });
    expect(takeUnexpected()).toEqual(["POST /api/qry { op: 'tables.list' }"]);
  });
});

describe('the handlers of a test that ended', () => {
  it('still answer a request its screen sends after the reset was asked for', async () => {
    server.use(qryHandler({ 'objects.list': () => ({ items: [] }) }));
    server.resetHandlers(); // what the file's afterEach does as the test ends
    const late = await api.post('/api/qry', { op: 'objects.list' });
    expect(late.data).toEqual({ data: { items: [] } });
  });

  it('are gone when the next test starts', async () => {
    await expect(api.post('/api/qry', { op: 'objects.list' })).rejects.toThrow();
    expect(takeUnexpected()).toEqual([expect.stringMatching(/^POST http.*\/api\/qry$/)]);
  });
});
