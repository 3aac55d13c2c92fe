import type { RequestHandler } from 'msw';

// Demo endpoints of this area (DEMO.md). Filled in by the area's work.
export const tableHandlers: RequestHandler[] = [];
