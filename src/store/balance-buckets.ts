/**
 * Balance ranges of the chips leaderboard's histogram (`WalletBucket`): exact below 128, then
 * 64 ranges per doubling, so a range spans at most 1/64 of its balances and a server never has
 * more than 1,664 ranges (up to 2^31 chips, the largest balance an Int column holds).
 * Ranking a caller sums the counts of the ranges above theirs and counts one by one only the
 * wallets in their own range above them: a few hundred index entries, not half the server.
 */
const PER_DOUBLING = 64

/** How far `balance` is shifted right to get its range: 0 below 128. */
function shiftOf(balance: number): number {
  let shift = 0
  while (balance >= 2 ** (shift + 7)) shift++
  return shift
}

/** The range a balance (a non-negative whole number) falls in; larger balances, larger ranges. */
export function balanceBucket(balance: number): number {
  const shift = shiftOf(balance)
  return shift * PER_DOUBLING + Math.floor(balance / 2 ** shift)
}

/** The first balance above the range of `balance`. */
export function bucketEnd(balance: number): number {
  const width = 2 ** shiftOf(balance)
  return (Math.floor(balance / width) + 1) * width
}
