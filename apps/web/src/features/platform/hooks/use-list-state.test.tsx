import { defaultFilter, type PlatformObject, type Session } from '@fiscus/contracts';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session';
import { useListState } from './use-list-state';

const now = '2026-01-01T00:00:00.000Z';
const meta = {
  id: 'o1',
  name: 'Vehicles',
  code: 'vehicles',
  kind: 'table',
  description: '',
  displayFieldId: 'f1',
  tableName: 'obj_o1',
  fieldCount: 1,
  createdAt: now,
  updatedAt: now,
  fields: [
    {
      id: 'f1',
      objectId: 'o1',
      name: 'Name',
      code: 'name',
      type: 'text',
      options: {},
      position: 0,
      createdAt: now,
      updatedAt: now,
    },
  ],
} as PlatformObject;
const session = (userId: string) =>
  ({
    user: { id: userId, username: userId, email: `${userId}@x.io`, fullName: '', avatar: null },
    domain: { id: 'd1', name: 'D', role: 'owner' },
    domains: [],
    rules: [],
  }) as unknown as Session;

beforeEach(() => {
  localStorage.clear();
  useSession.getState().setSession(session('u1'));
});
afterEach(() => useSession.getState().clear());

describe('useListState', () => {
  it('keeps the filter, sort and grouping a user built as the unsaved state of the object', () => {
    const filter = {
      ...defaultFilter(),
      isactive: true,
      conditions: [{ field: 'name', op: 'contains', value: 'bus' }],
    };
    const first = renderHook(() => useListState(meta));
    act(() =>
      first.result.current.update({
        filter,
        orderby: { isActive: true, sorts: [{ field: 'name', dir: 'desc' }] },
        groupby: { isActive: true, groups: [{ field: 'name' }] },
      }),
    );
    first.unmount();

    // A reload: the state is back, marked as changed (not saved as a view).
    const again = renderHook(() => useListState(meta));
    const { state } = again.result.current;
    expect(state.dirty).toBe(true);
    expect(state.definition.filter).toEqual(filter);
    expect(state.definition.orderby.sorts).toEqual([{ field: 'name', dir: 'desc' }]);
    expect(state.definition.groupby.groups).toEqual([{ field: 'name' }]);

    // Choosing the default view discards it, also for the next visit.
    act(() => again.result.current.applyView(null));
    again.unmount();
    expect(renderHook(() => useListState(meta)).result.current.state.dirty).toBe(false);

    // Another user of the same browser does not get it.
    useSession.getState().setSession(session('u2'));
    const other = renderHook(() => useListState(meta));
    act(() => other.result.current.update({ filter }));
    other.unmount();
    useSession.getState().setSession(session('u3'));
    expect(renderHook(() => useListState(meta)).result.current.state.dirty).toBe(false);
  });
});
