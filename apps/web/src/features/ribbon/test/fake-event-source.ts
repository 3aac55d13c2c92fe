import { act } from '@testing-library/react';
import type { JobItem, RibbonEvent } from '@fiscus/contracts';
import { eventStream, setEventSourceFactory } from '../lib/stream';

/** A stand-in for the browser's EventSource that a test drives by hand. */
export class FakeEventSource {
  static all: FakeEventSource[] = [];
  readonly url: URL;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private readonly handlers = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  constructor(url: string) {
    this.url = new URL(url);
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent<string>) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  /** The server accepted the stream. */
  open() {
    act(() => this.onopen?.());
  }
  /** The connection dropped. */
  fail() {
    act(() => this.onerror?.());
  }
  emit(type: string, data: unknown) {
    act(() => {
      for (const fn of this.handlers.get(type) ?? [])
        fn(new MessageEvent(type, { data: JSON.stringify(data) }));
    });
  }
  event(e: RibbonEvent) {
    this.emit('ribbon', e);
  }
  job(j: JobItem) {
    this.emit('job', j);
  }
  /** The newest stream opened. */
  static get last(): FakeEventSource | undefined {
    return FakeEventSource.all.at(-1);
  }
}

/** Streams open as fakes; call in beforeEach, and `uninstall` in afterEach. */
export function installFakeStream() {
  FakeEventSource.all = [];
  setEventSourceFactory((url) => new FakeEventSource(url) as unknown as EventSource);
}

export function uninstallFakeStream() {
  eventStream.reset();
  setEventSourceFactory(null);
  FakeEventSource.all = [];
}

/** A ribbon event with sensible defaults. */
export function makeEvent(over: Partial<RibbonEvent> = {}): RibbonEvent {
  return {
    id: 1,
    kind: 'record.created',
    at: new Date().toISOString(),
    userId: 'u2',
    userName: 'Bea',
    objectId: 'o1',
    objectName: 'Vehicles',
    count: 1,
    recordIds: [5],
    data: {},
    links: { objectId: 'o1', recordId: 5 },
    ...over,
  };
}
