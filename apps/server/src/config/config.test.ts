import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import SQLite from '../db/sqlite.js';
import { loadConfig } from './index.js';

const overrides = {
  dataDir: mkdtempSync(path.join(os.tmpdir(), 'fiscus-config-')),
  jwtSecret: 'x'.repeat(32),
  secretsKey: Buffer.alloc(32, 1),
};

describe('JOBS_CONCURRENCY', () => {
  it('is at most 10 on SQLite, naming the setting and the reason', () => {
    expect(
      loadConfig({ NODE_ENV: 'test', JOBS_CONCURRENCY: '10' }, overrides).jobs.concurrency,
    ).toBe(10);
    expect(() => loadConfig({ NODE_ENV: 'test', JOBS_CONCURRENCY: '11' }, overrides)).toThrow(
      /JOBS_CONCURRENCY: 11 jobs at once need PostgreSQL .*SQLite attaches at most 10/,
    );
  });

  it('may be higher on PostgreSQL', () => {
    const env = {
      NODE_ENV: 'test',
      JOBS_CONCURRENCY: '24',
      DATABASE_URL: 'postgres://fiscus:fiscus@127.0.0.1:5432/none',
    } as const;
    expect(loadConfig(env, overrides).jobs.concurrency).toBe(24);
  });

  it('keeps to what the SQLite driver attaches: ten staging databases, not eleven', () => {
    const db = new SQLite(':memory:');
    try {
      for (let i = 0; i < 10; i++) db.exec(`attach database ':memory:' as stage${i}`);
      expect(() => db.exec("attach database ':memory:' as stage10")).toThrow(
        /too many attached databases/,
      );
    } finally {
      db.close();
    }
  });
});
