/**
 * A tiny event bus for HTTP errors: the fetch helper publishes, the one <ErrorDialog> (mounted in the
 * layout) subscribes. 401 is published too so the layout can sign the user out.
 */
export interface HttpErrorEvent {
  status: number;
  code?: string;
  message: string;
  errors?: Record<string, string>;
}

type Listener = (event: HttpErrorEvent) => void;
const listeners = new Set<Listener>();

export function subscribeHttpErrors(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function publishHttpError(event: HttpErrorEvent): void {
  for (const listener of listeners) listener(event);
}
