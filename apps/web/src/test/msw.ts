import type { PlatformOpName } from '@fiscus/contracts';
import { http, HttpResponse, type SharedOptions } from 'msw';

const unexpected: string[] = [];

/** Records a request the test did not expect; the test fails when it ends (see vitest.setup). */
export function reportUnexpected(description: string): void {
  unexpected.push(description);
}

/** The unexpected requests so far, emptied. */
export function takeUnexpected(): string[] {
  return unexpected.splice(0);
}

/**
 * `server.listen(strict)`: a request no handler answers is refused (the caller sees a network
 * error) and fails the test that made it.
 */
export const strict: Partial<SharedOptions> = {
  onUnhandledRequest(request, print) {
    reportUnexpected(`${request.method} ${request.url}`);
    print.error();
  },
};

/** A body of `POST /api/qry`. */
export interface QryBody {
  op: string;
  [key: string]: unknown;
}

/** An op's mock answer: its `data`, or a Response (e.g. an error). */
export type OpAnswer = (body: QryBody) => unknown;

/**
 * A mock `/api/qry` that answers only the ops given. Any other op is unexpected: it gets a 404
 * and fails the test. `onCall` sees every body (to assert what was sent).
 */
export function qryHandler(
  answers: Partial<Record<PlatformOpName, OpAnswer>>,
  onCall?: (body: QryBody) => void,
) {
  return http.post('*/api/qry', async ({ request }) => {
    const body = (await request.json()) as QryBody;
    onCall?.(body);
    const answer = answers[body.op as PlatformOpName];
    if (!answer) {
      reportUnexpected(`POST /api/qry { op: '${body.op}' }`);
      return HttpResponse.json(
        { error: { code: 'not_found', message: `no mock for ${body.op}`, requestId: 'r' } },
        { status: 404 },
      );
    }
    const out: unknown = await answer(body);
    return out instanceof Response ? out : HttpResponse.json({ data: out });
  });
}
