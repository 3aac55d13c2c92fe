import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { crc32, createDeflateRaw } from 'node:zlib';

/** One entry of a test archive: text, bytes, or text made piece by piece (large parts). */
export interface ZipInput {
  name: string;
  data: string | Buffer | (() => AsyncIterable<string>);
  /** Deflate level (0 = stored as deflate blocks without compression). */
  level?: number;
}

/**
 * Writes a ZIP archive the way most writers do (deflate, data descriptors, UTF-8 names) — for
 * tests that need workbooks no library would write: other part names, lying sizes, bombs.
 * Names are written exactly as given (backslashes and leading slashes too).
 */
export async function writeZip(file: string, entries: ZipInput[]): Promise<void> {
  const out = createWriteStream(file, { highWaterMark: 1 << 20 });
  let offset = 0;
  const put = async (buf: Buffer) => {
    offset += buf.length;
    if (!out.write(buf)) await once(out, 'drain');
  };
  const central: Buffer[] = [];
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const start = offset;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0808, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(name.length, 26);
    await put(Buffer.concat([local, name]));
    let crc = 0;
    let size = 0;
    let compressed = 0;
    const deflate = createDeflateRaw({ level: e.level ?? 6 });
    const pumped = (async () => {
      for await (const chunk of deflate) {
        compressed += (chunk as Buffer).length;
        await put(chunk as Buffer);
      }
    })();
    const feed = async (text: string | Buffer) => {
      const buf = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
      crc = crc32(buf, crc);
      size += buf.length;
      if (!deflate.write(buf)) await once(deflate, 'drain');
    };
    if (typeof e.data === 'function') for await (const piece of e.data()) await feed(piece);
    else await feed(e.data);
    deflate.end();
    await pumped;
    const desc = Buffer.alloc(16);
    desc.writeUInt32LE(0x08074b50, 0);
    desc.writeUInt32LE(crc >>> 0, 4);
    desc.writeUInt32LE(compressed, 8);
    desc.writeUInt32LE(size, 12);
    await put(desc);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(0x0808, 8);
    c.writeUInt16LE(8, 10);
    c.writeUInt32LE(crc >>> 0, 16);
    c.writeUInt32LE(compressed, 20);
    c.writeUInt32LE(size, 24);
    c.writeUInt16LE(name.length, 28);
    c.writeUInt32LE(start, 42);
    central.push(Buffer.concat([c, name]));
  }
  const dirStart = offset;
  for (const c of central) await put(c);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(central.length, 8);
  end.writeUInt16LE(central.length, 10);
  end.writeUInt32LE(offset - dirStart, 12);
  end.writeUInt32LE(dirStart, 16);
  await put(end);
  out.end();
  await once(out, 'close');
}
