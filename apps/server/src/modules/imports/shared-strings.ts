import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Strings per block of the temporary file (a block is read and decoded at once). */
const BLOCK = 64;
/** Bytes gathered before they are written to the temporary file. */
const STAGE_BYTES = 1 << 20;
/** Decoded blocks kept for lookups once the strings live in the file (estimated bytes). */
const CACHE_BYTES = 16 * 1024 * 1024;

/** What a string costs in memory, roughly (header and slot, two bytes a character at most). */
export function stringCost(s: string): number {
  return 32 + 2 * s.length;
}

/**
 * A workbook's shared strings, looked up by index. They stay in memory while their estimated
 * size is within `budget` bytes; past it, all of them move to a temporary file (length-prefixed
 * UTF-8 in blocks of 64, with the blocks' offsets in memory) and lookups read blocks back
 * through a small cache. The file is unlinked as soon as it is open, so nothing is left behind
 * even if the process dies; `close()` releases it.
 */
export class SharedStrings {
  private mem: string[] = [];
  private memBytes = 0;
  private count = 0;
  private fd: number | undefined;
  /** Byte offset of every block in the file. */
  private blocks: number[] = [];
  private written = 0;
  private stage: Buffer | undefined;
  private staged = 0;
  private cache = new Map<number, string[]>();
  private cacheBytes = 0;
  private lastBlock = -1;
  private last: string[] | undefined;

  constructor(
    private readonly budget: number,
    private readonly tempDir: string = tmpdir(),
  ) {}

  get size(): number {
    return this.count;
  }

  /** Whether the strings went to the temporary file. */
  get spilled(): boolean {
    return this.fd !== undefined;
  }

  add(s: string): void {
    if (this.fd === undefined) {
      const cost = stringCost(s);
      if (this.memBytes + cost <= this.budget) {
        this.mem.push(s);
        this.memBytes += cost;
        this.count++;
        return;
      }
      this.spill();
    }
    this.append(s);
  }

  get(i: number): string | undefined {
    if (!(i >= 0 && i < this.count)) return undefined;
    if (this.fd === undefined) return this.mem[i];
    const b = Math.floor(i / BLOCK);
    if (b === this.lastBlock) return (this.last as string[])[i % BLOCK];
    let block = this.cache.get(b);
    if (!block) {
      // Blocks leave the cache in the order they came (sheets use strings roughly in order).
      block = this.readBlock(b);
      let cost = 0;
      for (const s of block) cost += stringCost(s);
      this.cacheBytes += cost;
      this.cache.set(b, block);
      for (const [key, old] of this.cache) {
        if (this.cacheBytes <= CACHE_BYTES || key === b) break;
        this.cache.delete(key);
        for (const s of old) this.cacheBytes -= stringCost(s);
      }
    }
    this.lastBlock = b;
    this.last = block;
    return block[i % BLOCK];
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    this.mem = [];
    this.cache.clear();
    this.last = undefined;
    this.lastBlock = -1;
    this.stage = undefined;
  }

  private spill(): void {
    const file = path.join(this.tempDir, `xlsx-strings-${randomBytes(12).toString('hex')}`);
    this.fd = openSync(file, 'wx+', 0o600);
    unlinkSync(file);
    this.stage = Buffer.allocUnsafe(STAGE_BYTES);
    const held = this.mem;
    this.mem = [];
    this.memBytes = 0;
    this.count = 0;
    for (const s of held) this.append(s);
  }

  private append(s: string): void {
    const fd = this.fd as number;
    const stage = this.stage as Buffer;
    if (this.count % BLOCK === 0) this.blocks.push(this.written + this.staged);
    const most = 4 + 3 * s.length;
    if (this.staged + most > stage.length) this.flush();
    if (most > stage.length) {
      const bytes = Buffer.from(s, 'utf8');
      const head = Buffer.alloc(4);
      head.writeUInt32LE(bytes.length, 0);
      this.writeAll(fd, head);
      this.writeAll(fd, bytes);
    } else {
      const n = stage.write(s, this.staged + 4, 'utf8');
      stage.writeUInt32LE(n, this.staged);
      this.staged += 4 + n;
    }
    this.count++;
  }

  private writeAll(fd: number, buf: Buffer, length = buf.length): void {
    let done = 0;
    while (done < length) {
      const n = writeSync(fd, buf, done, length - done, this.written);
      done += n;
      this.written += n;
    }
  }

  private flush(): void {
    if (this.staged && this.stage && this.fd !== undefined)
      this.writeAll(this.fd, this.stage, this.staged);
    this.staged = 0;
  }

  private readBlock(b: number): string[] {
    this.flush();
    const start = this.blocks[b] as number;
    const end = this.blocks[b + 1] ?? this.written;
    const buf = Buffer.allocUnsafe(end - start);
    let got = 0;
    while (got < buf.length) {
      const n = readSync(this.fd as number, buf, got, buf.length - got, start + got);
      if (n === 0) break;
      got += n;
    }
    const out: string[] = [];
    for (let p = 0; p + 4 <= got;) {
      const len = buf.readUInt32LE(p);
      out.push(buf.toString('utf8', p + 4, p + 4 + len));
      p += 4 + len;
    }
    return out;
  }
}
