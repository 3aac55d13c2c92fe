/**
 * Domain events: recorded in the transaction of the change (`recordEvent`), published after
 * commit to the subscribers of every server process (`EventBus`), listed by the ribbon and
 * streamed by `GET /api/events`. How a module emits its events: docs/events.md.
 */
export { recordEvent, onEventRecorded, type RecordedEvent } from './record.js';
export { EventBus, attachBus, frameOf, type BusMessage } from './bus.js';
export { eventOut, selectEvents } from './read.js';
