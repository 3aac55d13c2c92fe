import http from 'node:http';

/** A frame of an event stream, as EventSource parses it. */
export interface SseFrame {
  event: string;
  id?: string;
  data: string;
  retry?: number;
}

/** An open event stream: the frames received so far, a way to wait for more, its end. */
export interface SseStream {
  status: number;
  /** With a status other than 200: one `error` frame holding the answer's body. */
  frames: SseFrame[];
  /** Resolves once the server has ended the stream. */
  ended: Promise<void>;
  waitFor(pred: (f: SseFrame) => boolean, ms?: number): Promise<SseFrame>;
  close(): void;
}

/** Opens `url` (e.g. `GET /api/events?ticket=…`) and reads its frames as they come. */
export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers }, (res) => {
      const frames: SseFrame[] = [];
      const waiters: (() => void)[] = [];
      let buf = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buf += chunk;
        let at: number;
        while ((at = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, at);
          buf = buf.slice(at + 2);
          const f: SseFrame = { event: 'message', data: '' };
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) f.event = line.slice(7);
            else if (line.startsWith('id: ')) f.id = line.slice(4);
            else if (line.startsWith('data: ')) f.data += line.slice(6);
            else if (line.startsWith('retry: ')) f.retry = Number(line.slice(7));
          }
          if (f.data || f.id || f.retry !== undefined) frames.push(f);
        }
        for (const w of waiters.splice(0)) w();
      });
      const ended = new Promise<void>((done) => {
        res.on('end', () => done());
        res.on('close', () => done());
      });
      const stream: SseStream = {
        status: res.statusCode ?? 0,
        frames,
        ended,
        waitFor(pred, ms = 5000) {
          return new Promise((ok, fail) => {
            const deadline = setTimeout(
              () => fail(new Error(`no matching frame in ${ms} ms: ${JSON.stringify(frames)}`)),
              ms,
            );
            const check = () => {
              const hit = frames.find(pred);
              if (hit) {
                clearTimeout(deadline);
                ok(hit);
              } else waiters.push(check);
            };
            check();
          });
        },
        close: () => req.destroy(),
      };
      if (res.statusCode !== 200) {
        let body = '';
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ ...stream, frames: [{ event: 'error', data: body }] }));
        return;
      }
      resolve(stream);
    });
    req.on('error', reject);
  });
}
