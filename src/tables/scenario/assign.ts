import type { Card } from '../../core/cards.js'
import type { Rng } from '../../core/rng.js'

/** A place cards are dealt into: how many it takes and which cards it may take. */
export interface Group {
  readonly size: number
  readonly allows: (card: Card) => boolean
}

/**
 * Deals `cards` into `groups` (their sizes add up to the number of cards), each card only into a
 * group that allows it, uniformly at random over every such deal: each group's cards come in a
 * random order, and every way of filling the groups is equally likely. Null when there is no way.
 *
 * Exact, not by trial: cards that the same groups allow form a class, and the number of ways to
 * place the classes still to come into the room left is counted (as BigInt, memoised by the room
 * left); each class then takes its split into the groups with the weight of the ways it leaves.
 * Cards every group allows come last, where the count has a closed form.
 */
export function dealInto(cards: readonly Card[], groups: readonly Group[], rng: Rng): Card[][] | null {
  // Groups that take any card are one group to the count, whose cards are then split among them
  // at random: fewer groups, far fewer ways to enumerate.
  const open = groups.flatMap((g, i) => (cards.every((c) => g.allows(c)) ? [i] : []))
  if (open.length > 1) {
    const size = open.reduce((a, i) => a + groups[i]!.size, 0)
    const merged = [...groups.filter((_, i) => !open.includes(i)), { size, allows: () => true }]
    const dealt = dealInto(cards, merged, rng)
    if (!dealt) return null
    const pool = dealt.pop()!
    let next = 0
    let closed = 0
    return groups.map((g, i) => (open.includes(i) ? pool.slice(next, (next += g.size)) : dealt[closed++]!))
  }
  const total = groups.reduce((a, g) => a + g.size, 0)
  if (total !== cards.length) throw new Error(`${cards.length} cards for ${total} places`)
  const all = (1 << groups.length) - 1
  const byMask = new Map<number, Card[]>()
  for (const c of cards) {
    let mask = 0
    groups.forEach((g, i) => {
      if (g.allows(c)) mask |= 1 << i
    })
    if (mask === 0) return null
    const members = byMask.get(mask)
    if (members) members.push(c)
    else byMask.set(mask, [c])
  }
  // Restricted classes first; the class every group allows (if any) last.
  const classes = [...byMask.entries()].sort(([a], [b]) => Number(a === all) - Number(b === all))
  const memo = new Map<string, bigint>()

  const ways = (i: number, room: readonly number[]): bigint => {
    if (i === classes.length) return room.every((r) => r === 0) ? 1n : 0n
    const [mask, members] = classes[i]!
    if (mask === all && i === classes.length - 1) {
      const left = room.reduce((a, b) => a + b, 0)
      return left === members.length ? multinomial(members.length, room) : 0n
    }
    const key = `${i}|${room.join(',')}`
    const known = memo.get(key)
    if (known !== undefined) return known
    let sum = 0n
    for (const split of splits(members.length, mask, room))
      sum += multinomial(members.length, split) * ways(i + 1, minus(room, split))
    memo.set(key, sum)
    return sum
  }

  let room = groups.map((g) => g.size)
  if (ways(0, room) === 0n) return null
  const out: Card[][] = groups.map(() => [])
  for (const [i, [mask, members]] of classes.entries()) {
    let split: number[]
    if (mask === all && i === classes.length - 1) split = room.slice()
    else {
      const options = [...splits(members.length, mask, room)].map((s) => ({
        split: s,
        weight: multinomial(members.length, s) * ways(i + 1, minus(room, s)),
      }))
      let x = below(
        rng,
        options.reduce((a, o) => a + o.weight, 0n),
      )
      split = options.find((o) => (x -= o.weight) < 0n)!.split
    }
    const shuffled = rng.shuffle(members)
    let next = 0
    split.forEach((n, g) => {
      for (let k = 0; k < n; k++) out[g]!.push(shuffled[next++]!)
    })
    room = minus(room, split)
  }
  // A group's cards from several classes: a random order within the group.
  return out.map((g) => rng.shuffle(g))
}

/** Every way to split `n` cards over the groups in `mask`, each within its room. */
function* splits(n: number, mask: number, room: readonly number[]): Generator<number[]> {
  const split = room.map(() => 0)
  function* fill(g: number, left: number): Generator<number[]> {
    if (g === room.length) {
      if (left === 0) yield split.slice()
      return
    }
    const most = mask & (1 << g) ? Math.min(left, room[g]!) : 0
    for (let k = 0; k <= most; k++) {
      split[g] = k
      yield* fill(g + 1, left - k)
    }
    split[g] = 0
  }
  yield* fill(0, n)
}

function minus(room: readonly number[], split: readonly number[]): number[] {
  return room.map((r, i) => r - split[i]!)
}

const FACTORIALS: bigint[] = [1n]
function factorial(n: number): bigint {
  for (let k = FACTORIALS.length; k <= n; k++) FACTORIALS.push(FACTORIALS[k - 1]! * BigInt(k))
  return FACTORIALS[n]!
}

/** Ways to put `n` distinct cards into groups of the given sizes (they add up to `n`). */
function multinomial(n: number, parts: readonly number[]): bigint {
  let out = factorial(n)
  for (const p of parts) out /= factorial(p)
  return out
}

/** A uniform BigInt in [0, n): random bits of n's length, drawn again while too large. */
function below(rng: Rng, n: bigint): bigint {
  const bits = n.toString(2).length
  const words = Math.ceil(bits / 32)
  const mask = (1n << BigInt(bits)) - 1n
  for (;;) {
    let x = 0n
    for (let w = 0; w < words; w++) x = (x << 32n) | BigInt(rng.nextUint32())
    x &= mask
    if (x < n) return x
  }
}
