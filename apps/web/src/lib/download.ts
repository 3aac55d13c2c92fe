import { api } from './api-client';

/** The file name of a `Content-Disposition` header (RFC 5987 `filename*` first). */
export function fileNameOf(disposition: string | undefined, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

/**
 * Fetches a stored file through `POST /api/download` (with the session's bearer token, so a
 * plain link cannot be used) and hands it to the browser as a download.
 */
export async function downloadFile(
  fileId: string,
  fallbackName = 'download',
  onProgress?: (loaded: number, total: number | undefined) => void,
): Promise<void> {
  const res = await api
    .post<Blob>(
      '/api/download',
      { fileId },
      {
        responseType: 'blob',
        onDownloadProgress: onProgress ? (e) => onProgress(e.loaded, e.total) : undefined,
      },
    )
    .catch(async (err: unknown) => {
      // An error answer arrives as a Blob too: read its JSON envelope so messages show.
      const response = (err as { response?: { data?: unknown } }).response;
      if (response?.data instanceof Blob) {
        try {
          response.data = JSON.parse(await response.data.text()) as unknown;
        } catch {
          /* not JSON: leave it */
        }
      }
      throw err;
    });
  const name = fileNameOf(res.headers['content-disposition'] as string | undefined, fallbackName);
  const url = URL.createObjectURL(res.data);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.rel = 'noopener';
    document.body.appendChild(a);
    a.click();
    a.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}
