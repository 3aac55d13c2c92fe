import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { constants, crc32, createDeflateRaw, deflateRawSync, type DeflateRaw } from 'node:zlib';

const LIMIT_32 = 0xffffffff;

/** An entry or the archive would pass 4 GB (ZIP64 is not written). */
export class ZipTooLargeError extends RangeError {
  constructor() {
    super('zip entry too large');
  }
}

interface Entry {
  name: Buffer;
  offset: number;
  crc: number;
  compressed: number;
  size: number;
}

/** DOS date and time of now (ZIP headers). */
function dosStamp(d = new Date()): { time: number; date: number } {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

/**
 * A minimal streaming ZIP writer (deflate, UTF-8 names, data descriptors): entries are written
 * one after another straight to the file, the central directory at the end. Nothing is held in
 * memory but the current deflate window. Entries and the archive stay below 4 GB (no ZIP64).
 */
export class ZipWriter {
  private readonly out: WriteStream;
  private readonly entries: Entry[] = [];
  private offset = 0;
  private failed: Error | undefined;
  private readonly stamp = dosStamp();
  private current: DeflateRaw | undefined;

  constructor(file: string) {
    this.out = createWriteStream(file, { highWaterMark: 1 << 20 });
    this.out.on('error', (err) => {
      this.failed = err;
      // An entry waiting for the file to drain would wait for ever: fail it.
      this.current?.destroy(err);
    });
  }

  private async raw(buf: Buffer): Promise<void> {
    if (this.failed) throw this.failed;
    this.offset += buf.length;
    if (!this.out.write(buf)) await once(this.out, 'drain');
  }

  private localHeader(name: Buffer): Buffer {
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4); // version needed
    h.writeUInt16LE(0x0808, 6); // data descriptor follows; UTF-8 name
    h.writeUInt16LE(8, 8); // deflate
    h.writeUInt16LE(this.stamp.time, 10);
    h.writeUInt16LE(this.stamp.date, 12);
    // crc, sizes: 0 here, in the data descriptor
    h.writeUInt16LE(name.length, 26);
    h.writeUInt16LE(0, 28);
    return Buffer.concat([h, name]);
  }

  private async descriptor(e: Entry): Promise<void> {
    if (e.size > LIMIT_32 || e.compressed > LIMIT_32 || this.offset > LIMIT_32)
      throw new ZipTooLargeError();
    const d = Buffer.alloc(16);
    d.writeUInt32LE(0x08074b50, 0);
    d.writeUInt32LE(e.crc >>> 0, 4);
    d.writeUInt32LE(e.compressed, 8);
    d.writeUInt32LE(e.size, 12);
    await this.raw(d);
    this.entries.push(e);
  }

  /** A small entry written at once. */
  async file(name: string, content: string): Promise<void> {
    const data = Buffer.from(content, 'utf8');
    const packed = deflateRawSync(data);
    const e: Entry = {
      name: Buffer.from(name, 'utf8'),
      offset: this.offset,
      crc: crc32(data),
      compressed: packed.length,
      size: data.length,
    };
    await this.raw(this.localHeader(e.name));
    await this.raw(packed);
    await this.descriptor(e);
  }

  /** A large entry written piece by piece; call `end()` on it before the next entry. */
  async stream(name: string): Promise<ZipEntryStream> {
    const e: Entry = {
      name: Buffer.from(name, 'utf8'),
      offset: this.offset,
      crc: 0,
      compressed: 0,
      size: 0,
    };
    await this.raw(this.localHeader(e.name));
    const deflate = createDeflateRaw({
      level: 4,
      memLevel: 9,
      strategy: constants.Z_DEFAULT_STRATEGY,
    });
    this.current = deflate;
    deflate.on('error', (err) => {
      this.failed = err;
    });
    deflate.on('data', (chunk: Buffer) => {
      e.compressed += chunk.length;
      this.offset += chunk.length;
      if (!this.out.write(chunk)) {
        deflate.pause();
        this.out.once('drain', () => deflate.resume());
      }
    });
    return new ZipEntryStream(deflate, e, async () => {
      if (this.failed) throw this.failed;
      await this.descriptor(e);
    });
  }

  /** Writes the central directory and closes the file. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const e of this.entries) {
      const c = Buffer.alloc(46);
      c.writeUInt32LE(0x02014b50, 0);
      c.writeUInt16LE(20, 4); // made by
      c.writeUInt16LE(20, 6); // needed
      c.writeUInt16LE(0x0808, 8);
      c.writeUInt16LE(8, 10);
      c.writeUInt16LE(this.stamp.time, 12);
      c.writeUInt16LE(this.stamp.date, 14);
      c.writeUInt32LE(e.crc >>> 0, 16);
      c.writeUInt32LE(e.compressed, 20);
      c.writeUInt32LE(e.size, 24);
      c.writeUInt16LE(e.name.length, 28);
      // extra, comment, disk, attributes: 0
      c.writeUInt32LE(e.offset, 42);
      await this.raw(Buffer.concat([c, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.raw(end);
    await new Promise<void>((resolve, reject) => {
      this.out.end((err?: Error | null) => (err ? reject(err) : resolve()));
    });
    if (this.failed) throw this.failed;
  }

  async abort(): Promise<void> {
    if (this.out.closed) return;
    await new Promise<void>((resolve) => {
      this.out.once('close', () => resolve());
      this.out.destroy();
    });
  }
}

/** One entry being deflated into the archive. */
export class ZipEntryStream {
  constructor(
    private readonly deflate: DeflateRaw,
    private readonly entry: Entry,
    private readonly done: () => Promise<void>,
  ) {}

  async write(text: string): Promise<void> {
    const data = Buffer.from(text, 'utf8');
    this.entry.crc = crc32(data, this.entry.crc);
    this.entry.size += data.length;
    if (this.entry.size > LIMIT_32) throw new ZipTooLargeError();
    if (!this.deflate.write(data)) await once(this.deflate, 'drain');
  }

  async end(): Promise<void> {
    const ended = once(this.deflate, 'end');
    this.deflate.end();
    await ended;
    await this.done();
  }

  destroy(): void {
    this.deflate.destroy();
  }
}
