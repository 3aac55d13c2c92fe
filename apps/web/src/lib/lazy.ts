import { appConfig } from './config';

export class ChunkLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

/** Loads a lazy module, failing with ChunkLoadError after the seed's 120 s time-out. */
export function withChunkTimeout<T>(
  load: () => Promise<T>,
  ms = appConfig.chunkTimeout,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading chunk timed out after ${ms} ms`)),
      ms,
    );
    load().then(
      (m) => {
        clearTimeout(timer);
        resolve(m);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(err instanceof Error ? err.message : String(err)));
      },
    );
  });
}

export function isChunkLoadError(err: unknown): boolean {
  return (
    err instanceof ChunkLoadError ||
    (err instanceof Error &&
      /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
        err.message,
      ))
  );
}
