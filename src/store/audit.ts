import type { PrismaClient } from '../generated/prisma/client.js'
import { balanceBucket } from './balance-buckets.js'

export interface AuditReport {
  /** True when every check passed. */
  readonly ok: boolean
  /** Chips ever created (starting grants, daily claims, admin grants). */
  readonly granted: number
  readonly wallets: number
  /** Chips in the stacks of open tables. */
  readonly stacks: number
  /** Chips in the pots of open tables. */
  readonly pots: number
  /** Practice chips in the stacks and pots of open practice tables (tables with AI seats), apart from the rest. */
  readonly practice: number
  /** wallets + stacks + pots - granted: 0 when balanced. */
  readonly difference: number
  /** What is off, one line each ([] when ok). */
  readonly problems: string[]
}

type Sums = Map<string, number>

function add(m: Sums, key: string, v: number) {
  m.set(key, (m.get(key) ?? 0) + v)
}

/**
 * Proves that no chip was created or lost: wallets + table stacks + pots = everything ever
 * granted, and, account by account, that each wallet, stack and pot equals its ledger rows
 * (in minus out), that none is negative, that ended tables hold no chips, and that the
 * leaderboard's balance ranges count the wallets there are. A practice table (its chips come from
 * the `practice` account) is checked apart: its stacks and pots equal the practice chips it took
 * minus those it gave back, and it keeps no member's real chip.
 */
export async function audit(db: PrismaClient): Promise<AuditReport> {
  const [grants, walletAgg, seats, tables, flowsIn, flowsOut, wallets, buckets] = await Promise.all([
    db.ledgerEntry.aggregate({ where: { fromKind: 'grant' }, _sum: { amount: true } }),
    db.wallet.aggregate({ _sum: { balance: true } }),
    db.tableSeat.findMany({ where: { stack: { not: 0 } }, select: { tableId: true, userId: true, stack: true } }),
    db.gameTable.findMany({ select: { id: true, status: true, pot: true } }),
    db.ledgerEntry.groupBy({ by: ['guildId', 'toKind', 'toUserId', 'tableId'], _sum: { amount: true } }),
    db.ledgerEntry.groupBy({ by: ['guildId', 'fromKind', 'fromUserId', 'tableId'], _sum: { amount: true } }),
    db.wallet.findMany({ select: { guildId: true, userId: true, balance: true } }),
    db.walletBucket.findMany(),
  ])
  const problems: string[] = []
  const granted = grants._sum.amount ?? 0
  const walletTotal = walletAgg._sum.balance ?? 0
  const status = new Map(tables.map((t) => [t.id, t.status]))
  const open = (id: string) => status.get(id) === 'lobby' || status.get(id) === 'playing'

  // What the ledger says every account holds.
  const net: Sums = new Map()
  // Per practice table: practice chips it took minus those it gave back, and real chips likewise.
  const practiceNet: Sums = new Map()
  const walletNet: Sums = new Map()
  for (const f of flowsIn) {
    const amount = f._sum.amount ?? 0
    if (f.toKind === 'practice') add(practiceNet, f.tableId ?? '', -amount)
    else if (f.toKind !== 'grant') add(net, key(f.toKind, f.guildId, f.toUserId, f.tableId), amount)
    if (f.toKind === 'wallet' && f.tableId) add(walletNet, f.tableId, amount)
  }
  for (const f of flowsOut) {
    const amount = f._sum.amount ?? 0
    if (f.fromKind === 'practice') add(practiceNet, f.tableId ?? '', amount)
    else if (f.fromKind !== 'grant') add(net, key(f.fromKind, f.guildId, f.fromUserId, f.tableId), -amount)
    if (f.fromKind === 'wallet' && f.tableId) add(walletNet, f.tableId, -amount)
  }
  const isPractice = (tableId: string) => practiceNet.has(tableId)
  const practiceHeld: Sums = new Map()

  const held: Sums = new Map()
  for (const w of wallets) {
    if (w.balance < 0) problems.push(`wallet ${w.guildId}/${w.userId} is negative: ${w.balance}`)
    held.set(key('wallet', w.guildId, w.userId, null), w.balance)
  }
  // The leaderboard's balance ranges must count exactly the wallets in them.
  const ranged: Sums = new Map()
  for (const w of wallets) add(ranged, `${w.guildId} range ${balanceBucket(w.balance)}`, 1)
  for (const b of buckets) add(ranged, `${b.guildId} range ${b.bucket}`, -b.wallets)
  const count = (n: number) => `${n} wallet${n === 1 ? '' : 's'}`
  for (const [k, off] of ranged)
    if (off !== 0)
      problems.push(
        `balance ${k}: the leaderboard counts ${off > 0 ? `${count(off)} too few` : `${count(-off)} too many`}`,
      )
  let stacks = 0
  for (const s of seats) {
    if (s.stack < 0) problems.push(`stack of ${s.userId} at table ${s.tableId} is negative: ${s.stack}`)
    if (!open(s.tableId)) problems.push(`table ${s.tableId} ended but ${s.userId} still has ${s.stack} chips there`)
    if (isPractice(s.tableId)) add(practiceHeld, s.tableId, s.stack)
    else stacks += s.stack
    held.set(key('stack', null, s.userId, s.tableId), s.stack)
  }
  let pots = 0
  for (const t of tables) {
    if (t.pot === 0) continue
    if (t.pot < 0) problems.push(`pot of table ${t.id} is negative: ${t.pot}`)
    if (!open(t.id)) problems.push(`table ${t.id} ended with ${t.pot} chips in its pot`)
    if (isPractice(t.id)) add(practiceHeld, t.id, t.pot)
    else pots += t.pot
    held.set(key('pot', null, null, t.id), t.pot)
  }
  let practice = 0
  for (const [tableId, took] of practiceNet) {
    const have = practiceHeld.get(tableId) ?? 0
    practice += have
    if (have !== took) problems.push(`practice table ${tableId} holds ${have} chips but took ${took} practice chips`)
    const real = walletNet.get(tableId) ?? 0
    if (real !== 0) problems.push(`practice table ${tableId} kept ${-real} real chips from wallets`)
  }
  for (const k of new Set([...net.keys(), ...held.keys()])) {
    const want = net.get(k) ?? 0
    const have = held.get(k) ?? 0
    if (want !== have) problems.push(`${k} holds ${have} but its ledger rows add up to ${want}`)
  }
  const difference = walletTotal + stacks + pots - granted
  if (difference !== 0)
    problems.push(
      `wallets ${walletTotal} + stacks ${stacks} + pots ${pots} differ from granted ${granted} by ${difference}`,
    )
  return { ok: problems.length === 0, granted, wallets: walletTotal, stacks, pots, practice, difference, problems }
}

// Stacks and pots are keyed by table (a table belongs to one server); wallets by server.
function key(kind: string, guildId: string | null, userId: string | null, tableId: string | null): string {
  if (kind === 'wallet') return `wallet ${guildId}/${userId}`
  if (kind === 'stack') return `stack of ${userId} at table ${tableId}`
  return `pot of table ${tableId}`
}
