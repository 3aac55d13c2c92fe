import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/dialect.js';
import { makeTestApp } from '../../test/helpers.js';
import { EventBus } from './bus.js';

/** Another server process on the same PostgreSQL: its own connections and its own bus. */
describe.runIf(!!process.env.TEST_DATABASE_URL)('the event bus on PostgreSQL', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let other: Db;
  let otherBus: EventBus;

  beforeAll(async () => {
    t = await makeTestApp();
    other = createDb({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir });
    otherBus = new EventBus(other, t.app.log, t.config.databaseUrl);
    await otherBus.start();
  });
  afterAll(async () => {
    await otherBus.stop();
    await other.close();
    await t.cleanup();
  });

  it('tells another process of writes made in quick succession, one statement at a time on its connection', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
    process.on('warning', onWarning);
    const told: string[] = [];
    const off = other.writes?.onExternal((tables) => told.push(...(tables ?? ['*'])));
    try {
      const writes = t.app.db.writes;
      if (!writes) throw new Error('the test app watches no writes');
      // One write per turn of the event loop: each turn sends its own notification, the next
      // while the last is still on its way.
      for (let n = 0; n < 40; n++) {
        writes.visible([`table_${n}`]);
        await new Promise((r) => setImmediate(r));
      }
      const end = Date.now() + 20_000;
      while (!told.includes('table_39') && Date.now() < end) {
        await new Promise((r) => setTimeout(r, 20));
      }
      // Warnings are emitted on the next tick.
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      off?.();
      process.off('warning', onWarning);
    }
    expect(told).toEqual(Array.from({ length: 40 }, (_, n) => `table_${n}`));
    expect(warnings.filter((w) => w.includes('already executing'))).toEqual([]);
  });
});
