import type { PrismaClient } from '../generated/prisma/client.js'
import { balanceBucket } from './balance-buckets.js'
import { isOpen } from './tables.js'

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
  /** Entry fees in the prize pools of open tournaments (real chips). */
  readonly prizes: number
  /** Practice chips in the stacks and pots of open practice tables (tables with AI seats), apart from the rest. */
  readonly practice: number
  /** Tournament chips in the stacks and pots of open tournaments, apart from the rest. */
  readonly tournament: number
  /** wallets + stacks + pots + prizes - granted: 0 when balanced. */
  readonly difference: number
  /** What is off, one line each ([] when ok). */
  readonly problems: string[]
}

type Sums = Map<string, number>

function add(m: Sums, key: string, v: number) {
  m.set(key, (m.get(key) ?? 0) + v)
}

/**
 * Proves that no chip was created or lost: wallets + table stacks + pots + tournament prize pools
 * = everything ever granted, and, account by account, that each wallet, stack, pot and prize pool
 * equals its ledger rows (in minus out), that none is negative, that ended tables hold no chips,
 * and that the leaderboard's balance ranges count the wallets there are. A practice table (its
 * chips come from the `practice` account) is checked apart: its stacks and pots equal the practice
 * chips it took minus those it gave back, and it keeps no member's real chip. A tournament's
 * stacks and pot (chips from the `tournament` account) are checked the same way, apart from its
 * prize pool, which holds the real chips of the entry fees.
 */
export async function audit(db: PrismaClient): Promise<AuditReport> {
  const [grants, walletAgg, seatRows, tableRows, flowsInRows, flowsOutRows, walletRows, buckets, guildChips] =
    await Promise.all([
      db.ledgerEntry.aggregate({ where: { fromKind: 'grant' }, _sum: { amount: true } }),
      db.wallet.aggregate({ _sum: { balance: true } }),
      db.tableSeat.findMany({ where: { stack: { not: 0 } }, select: { tableId: true, userId: true, stack: true } }),
      db.gameTable.findMany({ select: { id: true, status: true, pot: true, prize: true } }),
      db.ledgerEntry.groupBy({ by: ['guildId', 'toKind', 'toUserId', 'tableId'], _sum: { amount: true } }),
      db.ledgerEntry.groupBy({ by: ['guildId', 'fromKind', 'fromUserId', 'tableId'], _sum: { amount: true } }),
      db.wallet.findMany({ select: { guildId: true, userId: true, balance: true } }),
      db.walletBucket.findMany(),
      db.guildChips.findMany(),
    ])
  // Chip columns are 64-bit (bigint here). One server's figures are bounded by MAX_GUILD_CHIPS,
  // safe as numbers; the totals over every server are added up as bigints (exact, however many).
  const seats = seatRows.map((s) => ({ ...s, stack: Number(s.stack) }))
  const tables = tableRows.map((t) => ({ ...t, pot: Number(t.pot), prize: Number(t.prize) }))
  const amountOf = <T extends { _sum: { amount: bigint | null } }>(f: T) => ({
    ...f,
    amount: Number(f._sum.amount ?? 0),
  })
  const flowsIn = flowsInRows.map(amountOf)
  const flowsOut = flowsOutRows.map(amountOf)
  const wallets = walletRows.map((w) => ({ ...w, balance: Number(w.balance) }))
  const problems: string[] = []
  const grantedTotal = grants._sum.amount ?? 0n
  const walletSum = walletAgg._sum.balance ?? 0n
  const status = new Map(tables.map((t) => [t.id, t.status]))
  const open = (id: string) => {
    const s = status.get(id)
    return s !== undefined && isOpen(s)
  }

  // What the ledger says every account holds.
  const net: Sums = new Map()
  // Per practice table: practice chips it took minus those it gave back, and real chips likewise.
  const practiceNet: Sums = new Map()
  // Per tournament: tournament chips it handed out minus those it took back.
  const tournamentNet: Sums = new Map()
  const walletNet: Sums = new Map()
  for (const f of flowsIn) {
    const amount = f.amount
    if (f.toKind === 'practice') add(practiceNet, f.tableId ?? '', -amount)
    else if (f.toKind === 'tournament') add(tournamentNet, f.tableId ?? '', -amount)
    else if (f.toKind !== 'grant') add(net, key(f.toKind, f.guildId, f.toUserId, f.tableId), amount)
    if (f.toKind === 'wallet' && f.tableId) add(walletNet, f.tableId, amount)
  }
  const grantedIn: Sums = new Map()
  for (const f of flowsOut) {
    const amount = f.amount
    if (f.fromKind === 'grant') add(grantedIn, f.guildId, amount)
    if (f.fromKind === 'practice') add(practiceNet, f.tableId ?? '', amount)
    else if (f.fromKind === 'tournament') add(tournamentNet, f.tableId ?? '', amount)
    else if (f.fromKind !== 'grant') add(net, key(f.fromKind, f.guildId, f.fromUserId, f.tableId), -amount)
    if (f.fromKind === 'wallet' && f.tableId) add(walletNet, f.tableId, -amount)
  }
  const isPractice = (tableId: string) => practiceNet.has(tableId)
  // A tournament turned practice table in its lobby gave its tournament chips back: practice wins.
  const isTournament = (tableId: string) => !isPractice(tableId) && tournamentNet.has(tableId)
  const practiceHeld: Sums = new Map()
  const tournamentHeld: Sums = new Map()

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
  let stacks = 0n
  for (const s of seats) {
    if (s.stack < 0) problems.push(`stack of ${s.userId} at table ${s.tableId} is negative: ${s.stack}`)
    if (!open(s.tableId)) problems.push(`table ${s.tableId} ended but ${s.userId} still has ${s.stack} chips there`)
    if (isPractice(s.tableId)) add(practiceHeld, s.tableId, s.stack)
    else if (isTournament(s.tableId)) add(tournamentHeld, s.tableId, s.stack)
    else stacks += BigInt(s.stack)
    held.set(key('stack', null, s.userId, s.tableId), s.stack)
  }
  let pots = 0n
  let prizes = 0n
  for (const t of tables) {
    if (t.prize !== 0) {
      if (t.prize < 0) problems.push(`prize pool of table ${t.id} is negative: ${t.prize}`)
      if (!open(t.id)) problems.push(`table ${t.id} ended with ${t.prize} chips in its prize pool`)
      prizes += BigInt(t.prize)
      held.set(key('prize', null, null, t.id), t.prize)
    }
    if (t.pot === 0) continue
    if (t.pot < 0) problems.push(`pot of table ${t.id} is negative: ${t.pot}`)
    if (!open(t.id)) problems.push(`table ${t.id} ended with ${t.pot} chips in its pot`)
    if (isPractice(t.id)) add(practiceHeld, t.id, t.pot)
    else if (isTournament(t.id)) add(tournamentHeld, t.id, t.pot)
    else pots += BigInt(t.pot)
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
  let tournament = 0
  for (const [tableId, handed] of tournamentNet) {
    if (isPractice(tableId)) {
      if (handed !== 0) problems.push(`practice table ${tableId} kept ${handed} tournament chips`)
      continue
    }
    const have = tournamentHeld.get(tableId) ?? 0
    tournament += have
    if (have !== handed)
      problems.push(`tournament ${tableId} holds ${have} chips but handed out ${handed} tournament chips`)
  }
  for (const k of new Set([...net.keys(), ...held.keys()])) {
    const want = net.get(k) ?? 0
    const have = held.get(k) ?? 0
    if (want !== have) problems.push(`${k} holds ${have} but its ledger rows add up to ${want}`)
  }
  // Each server's count against its bound (wallets.ts) is what its grants add up to.
  const counted = new Map(guildChips.map((g) => [g.guildId, Number(g.granted)]))
  for (const guildId of new Set([...grantedIn.keys(), ...counted.keys()]))
    if ((grantedIn.get(guildId) ?? 0) !== (counted.get(guildId) ?? 0))
      problems.push(
        `server ${guildId} counts ${counted.get(guildId) ?? 0} chips given but its grants add up to ${grantedIn.get(guildId) ?? 0}`,
      )
  const difference = walletSum + stacks + pots + prizes - grantedTotal
  if (difference !== 0n)
    problems.push(
      `wallets ${walletSum} + stacks ${stacks} + pots ${pots} + prize pools ${prizes} differ from granted ${grantedTotal} by ${difference}`,
    )
  return {
    ok: problems.length === 0,
    granted: Number(grantedTotal),
    wallets: Number(walletSum),
    stacks: Number(stacks),
    pots: Number(pots),
    prizes: Number(prizes),
    practice,
    tournament,
    difference: Number(difference),
    problems,
  }
}

// Stacks and pots are keyed by table (a table belongs to one server); wallets by server.
function key(kind: string, guildId: string | null, userId: string | null, tableId: string | null): string {
  if (kind === 'wallet') return `wallet ${guildId}/${userId}`
  if (kind === 'stack') return `stack of ${userId} at table ${tableId}`
  if (kind === 'prize') return `prize pool of table ${tableId}`
  return `pot of table ${tableId}`
}
