import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** The same demo handlers in Node, for handler and component tests. */
export const server = setupServer(...handlers);
