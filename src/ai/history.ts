/**
 * What one seat has been shown since its game began, in order: for every transition of the
 * table, the public events, the seat's own action if it was the one acting, and the seat's
 * private view afterwards. This is everything a player with perfect memory knows, and it is
 * the only input the AI accepts: it never sees an engine state.
 */
export interface HistoryEntry<V, E, A> {
  readonly events: readonly E[]
  /** The seat's own action, when this transition was that seat acting (it knows what it did). */
  readonly own: A | null
  readonly view: V
}

export interface SeatHistory<O, V, E, A> {
  readonly seat: number
  readonly players: number
  /** The table's options: public settings everyone at the table can read. */
  readonly options: O
  readonly entries: readonly HistoryEntry<V, E, A>[]
}

/** Index of the last entry holding an event of `type` (the start of the current deal), or -1. */
export function lastEntryWith<V, E extends { readonly type: string }, A>(
  entries: readonly HistoryEntry<V, E, A>[],
  type: string,
): number {
  for (let i = entries.length - 1; i >= 0; i--) if (entries[i]!.events.some((e) => e.type === type)) return i
  return -1
}
