import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

/** The ten choices of the ledger's Category field (`createLedger`). */
export const LEDGER_CATEGORIES = Array.from({ length: 10 }, (_, i) => `c${i}`);

/**
 * A CSV file of `rows` rows for the ledger object of `createLedger` (code, name, amount, qty,
 * day, paid, category, region, note, ratio), codes `K<from>`…, written in 1 MB pieces.
 */
export async function writeLedgerCsv(file: string, rows: number, from = 1): Promise<void> {
  const out = createWriteStream(file);
  const write = async (s: string) => {
    if (!out.write(s)) await once(out, 'drain');
  };
  await write('Code,Name,Amount,Qty,Day,Paid,Category,Region,Note,Ratio\n');
  let buf = '';
  for (let i = from; i < from + rows; i++) {
    const day = `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
    buf += `K${i},Item ${i},${((i * 37) % 100000) / 100},${i % 1000},${day},${i % 2 ? 'true' : 'false'},${
      LEDGER_CATEGORIES[i % 10]
    },Region ${i % 50},Note number ${i},${(i % 997) / 10}\n`;
    if (buf.length > 1 << 20) {
      await write(buf);
      buf = '';
    }
  }
  await write(buf);
  out.end();
  await once(out, 'close');
}
