import { type EventName, type EventPayload, events } from "./events.js";

export type EventListener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/** Main → renderer events: services emit here, and each adapter (IPC, bridge) listens. */
export interface EventHub {
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  /** Returns the unsubscribe function. */
  listen(listener: EventListener): () => void;
}

/** Creates a hub that checks each payload against the contract before anyone sees it. */
export function createEventHub(onListenerError: (error: unknown) => void = () => {}): EventHub {
  const listeners = new Set<EventListener>();
  return {
    emit(event, payload) {
      const parsed = events[event].parse(payload) as EventPayload<typeof event>;
      for (const listener of listeners) {
        try {
          listener(event, parsed);
        } catch (error) {
          onListenerError(error); // one broken adapter must not starve the others
        }
      }
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
