/** How far a screen's data has come. */
export type LoadStatus = 'loading' | 'ready' | 'error';

/** A message shown above a screen after an action. */
export type Notice = { type: 'success' | 'error'; message: string } | null;
