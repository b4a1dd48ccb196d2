/** Seat arithmetic: seats are 0..n-1 clockwise; "left of X" is the next seat clockwise. */

export function leftOf(seat: number, players: number): number {
  return (seat + 1) % players
}

/** The n seats clockwise starting at `first`. */
export function clockwiseFrom(first: number, players: number): number[] {
  const out: number[] = []
  for (let i = 0; i < players; i++) out.push((first + i) % players)
  return out
}
