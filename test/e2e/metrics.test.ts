import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { openStore } from '../../src/store/index.js'
import { eachTestWorld, openAndStart, playUntil } from './harness.js'

const startWorld = eachTestWorld()

/** One sample of the Prometheus text format: name, labels, value. */
interface Sample {
  readonly name: string
  readonly labels: Record<string, string>
  readonly value: number
}

function parseMetrics(text: string): Sample[] {
  const out: Sample[] = []
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!m) throw new Error(`not a sample line: ${line}`)
    const labels: Record<string, string> = {}
    for (const [, k, v] of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[k!] = v!
    out.push({ name: m[1]!, labels, value: Number(m[3]) })
  }
  return out
}

/** The sum of a series' samples whose labels include `labels`. */
function total(samples: readonly Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0)
}

async function scrape(port: number): Promise<Sample[]> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toContain('text/plain')
  return parseMetrics(await response.text())
}

/** A port free right now (the bot must listen before startBot returns, so the test names it). */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

describe('metrics and health endpoints', () => {
  it('a scrape during a game finds the moves made, their answers and their latencies, labelled by shard', async () => {
    const w = await startWorld(['alice', 'bob'], { bot: { metrics: { port: 0 } } })
    const port = w.bot.metricsPort!
    expect(port).toBeGreaterThan(0)
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200)
    // Ready once the catch-up after start-up, which runs beside the first interactions, is done.
    const early = await fetch(`http://127.0.0.1:${port}/readyz`)
    if (early.status !== 200) expect(await early.text()).toBe('not ready: catching up\n')
    await w.bot.idle()
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200)

    await openAndStart(w, 'bura start', { ante: 10, buy_in: 100 }, ['bob'])
    const start = (await w.table()).version
    const moves = await playUntil(w, (t) => t.progress !== 'acting' || t.version >= start + 8)
    expect(moves).toBeGreaterThan(0)
    await w.bot.idle()
    const during = await scrape(port)

    // Every move the members made, and no other (nothing automatic: the clock stands still).
    expect(total(during, 'bot_moves_total', { game: 'bura', by: 'member' })).toBe(moves)
    expect(total(during, 'bot_moves_total', { by: 'deadline' })).toBe(0)
    // Each move is a button (Play, then the move); the commands (start) and the lobby's buttons too.
    const buttons = total(during, 'bot_interactions_total', { kind: 'button' })
    expect(buttons).toBeGreaterThanOrEqual(moves)
    expect(total(during, 'bot_interactions_total', { kind: 'command' })).toBe(1)
    // Every interaction got its answer, each timed once.
    expect(total(during, 'bot_interaction_answer_seconds_count', { kind: 'button' })).toBe(buttons)
    expect(total(during, 'bot_interaction_answer_seconds_count', { kind: 'command' })).toBe(1)
    const latency = total(during, 'bot_interaction_answer_seconds_sum')
    expect(latency).toBeGreaterThan(0)
    expect(latency).toBeLessThan(buttons + 1) // under a second an answer on average: real times, not garbage
    // The answer callbacks and the table's messages, as the fake counted them.
    const counts = w.discord.requestCounts
    expect(total(during, 'bot_discord_requests_total', { route: 'interactionCallback', status: '2xx' })).toBe(
      counts.interactionCallback,
    )
    expect(total(during, 'bot_discord_requests_total', { route: 'messageCreate' })).toBe(counts.messageCreate)
    expect(total(during, 'bot_discord_rate_limited_total')).toBe(0)
    // Every channel request took its place in the global budget, each timed once, new messages in
    // the first lane.
    const channelRequests = counts.messageCreate + counts.messageEdit + counts.messageDelete + counts.other
    expect(total(during, 'bot_discord_budget_wait_seconds_count')).toBe(channelRequests)
    expect(total(during, 'bot_discord_budget_wait_seconds_count', { lane: 'create' })).toBe(counts.messageCreate)
    // One transaction at least per move; none failed.
    expect(total(during, 'bot_db_transaction_seconds_count')).toBeGreaterThanOrEqual(moves)
    expect(total(during, 'bot_db_transaction_errors_total')).toBe(0)
    // The gauges read from the database: the open table, nothing overdue, nothing left to show.
    expect(total(during, 'bot_open_tables', { game: 'bura', state: 'playing' })).toBe(1)
    expect(total(during, 'bot_deadlines_overdue')).toBe(0)
    expect(total(during, 'bot_outbox_pending')).toBe(0)
    // Event-loop lag and memory, from prom-client's process series.
    expect(total(during, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0)
    expect(total(during, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000)
    // Every series is labelled by shard.
    expect(during.filter((s) => s.labels.shard !== '0')).toEqual([])

    // The counters only grow: one more move shows in the next scrape.
    const table = await w.table()
    if (table.progress === 'acting') {
      await playUntil(w, (t) => t.version > table.version)
      expect(total(await scrape(port), 'bot_moves_total', { by: 'member' })).toBe(moves + 1)
    }
    expect((await fetch(`http://127.0.0.1:${port}/nothing`)).status).toBe(404)
  })

  it('/readyz is not ready before the bot has caught up with its pending effects (a turn ping); /healthz answers meanwhile', async () => {
    const port = await freePort()
    const w = await startWorld(['alice', 'bob'], { bot: { metrics: { port } } })
    await openAndStart(w, 'bura start', { ante: 10, buy_in: 100 }, ['bob'])
    await w.bot.idle()
    const table = await w.table()
    await w.bot.stop()

    // A change committed just before the bot went down: its turn ping is still to be posted.
    const store = await openStore({ url: w.databaseUrl, clock: w.discord.clock })
    await store.effects.add(table.id, table.version, [{ kind: 'ping', users: table.waitingFor, about: 'turn' }])
    await store.close()
    // Discord holds that post back for a moment (a 429 on the route), so catching up takes a while.
    const held = w.discord.rateLimit('POST /channels/:channel/messages', 1, { retryAfter: 1.5 })
    const posted = () =>
      w.discord.requests
        .slice(before)
        .some((r) => r.method === 'POST' && r.path.endsWith('/messages') && r.status === 200)
    const before = w.discord.requests.length

    const seen: { status: number; body: string; pending: boolean }[] = []
    // Until ready (start-up returns before the catch-up, which runs beside the interactions).
    const booting = w.boot()
    const giveUp = Date.now() + 30_000
    while (Date.now() < giveUp) {
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null)
      if (ready) {
        const body = await ready.text()
        // Whether the ping was still waiting when the answer was given (read right after it).
        const pending = !posted()
        seen.push({ status: ready.status, body, pending })
        if (ready.status === 200) break
        if (ready.status === 503) expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200)
      }
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    await booting
    expect(held.hits).toBe(1)
    const catchingUp = seen.filter((s) => s.body.includes('catching up'))
    expect(catchingUp.length).toBeGreaterThan(0)
    expect(catchingUp.every((s) => s.status === 503)).toBe(true)
    // Never ready while the edit had not been made.
    expect(seen.filter((s) => s.status === 200 && s.pending)).toEqual([])
    const after = await fetch(`http://127.0.0.1:${port}/readyz`)
    expect(after.status).toBe(200)
    expect(await after.text()).toBe('ready\n')
    expect(posted()).toBe(true)
    expect(await w.bot.tables.outbox.pendingTables()).toEqual([])
  })
})
