/**
 * A value that views read with useSyncExternalStore or a plain subscription, so a change
 * re-renders only what shows it, not the whole screen. Every small store of the renderer
 * (the selection, the marks, the theme, the connectivity, a replay cursor, …) is one of
 * these, so each is written once and behaves alike: a set with the same value notifies no one.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';

type Listener = () => void;

/** What a view needs to follow a store. */
export interface Readable<T> {
  get: () => T;
  subscribe: (l: Listener) => () => void;
}

export class ValueStore<T> implements Readable<T> {
  private readonly listeners = new Set<Listener>();

  constructor(
    private value: T,
    private readonly same: (a: T, b: T) => boolean = Object.is,
  ) {}

  get = (): T => this.value;

  set(v: T): void {
    if (this.same(v, this.value)) return;
    this.value = v;
    for (const l of this.listeners) l();
  }

  subscribe = (l: Listener): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
}

export function createStore<T>(initial: T, same?: (a: T, b: T) => boolean): ValueStore<T> {
  return new ValueStore(initial, same);
}

/** The store's value in a component, re-rendered when it changes. */
export function useStore<T>(store: Readable<T>): T {
  return useSyncExternalStore(store.subscribe, store.get);
}

/**
 * The store's value through a plain state update, for stores a push changes at every poll: React
 * renders the change in a task of its own, after the one that applied the push (decision 0068).
 * With `useStore`, such a change forces a sync render inside that task, and React 19 renders every
 * pending default update with it. A change made in a click still renders at once.
 */
export function useStoreInItsOwnTask<T>(store: Readable<T>): T {
  const [value, setValue] = useState(store.get);
  useEffect(() => {
    const follow = () => setValue(store.get);
    const off = store.subscribe(follow);
    // A change between the first render and this subscription.
    follow();
    return off;
  }, [store]);
  return value;
}
