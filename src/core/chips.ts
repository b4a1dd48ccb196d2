/**
 * docs/rules/bura.md rule 10 and docs/rules/badugi.md (chips): a table that closes with chips in
 * its pot returns them in proportion to what each seat paid into that pot, by largest remainder,
 * ties to the earliest seat.
 * Pure, for the table layer. If nobody is on record as having paid (shares all 0), the pot is
 * split evenly by the same rule, so no chip is ever lost.
 */
export function refundPot(pot: number, potShares: readonly number[]): number[] {
  if (!Number.isSafeInteger(pot) || pot < 0)
    throw new RangeError(`pot must be a whole number of chips >= 0, got ${pot}`)
  for (const s of potShares)
    if (!Number.isSafeInteger(s) || s < 0) throw new RangeError(`pot shares must be whole numbers >= 0, got ${s}`)
  const n = potShares.length
  if (n === 0) {
    if (pot > 0) throw new RangeError('a pot with chips needs at least one seat to return them to')
    return []
  }
  const paidIn = potShares.reduce((a, b) => a + b, 0)
  const weights = paidIn > 0 ? potShares : potShares.map(() => 1)
  const total = paidIn > 0 ? paidIn : n
  // BigInt keeps pot * weight exact even for huge tables.
  const refunds: number[] = []
  const remainders: { seat: number; rest: bigint }[] = []
  let given = 0
  for (let seat = 0; seat < n; seat++) {
    const exact = BigInt(pot) * BigInt(weights[seat]!)
    const whole = Number(exact / BigInt(total))
    refunds.push(whole)
    given += whole
    remainders.push({ seat, rest: exact % BigInt(total) })
  }
  remainders.sort((a, b) => (a.rest === b.rest ? a.seat - b.seat : a.rest > b.rest ? -1 : 1))
  for (let i = 0; given < pot; i++, given++) refunds[remainders[i]!.seat]! += 1
  return refunds
}
