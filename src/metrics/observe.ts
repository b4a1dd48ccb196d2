import type { Interaction, RESTOptions } from 'discord.js'
import { DefaultRestOptions } from 'discord.js'
import type { Store } from '../store/index.js'
import { openTables, OVERDUE_AFTER_MS, pendingEffects } from '../store/operator.js'
import type { TableService } from '../tables/index.js'
import { isRefusal } from '../tables/unit-of-work.js'
import { isAiSeat } from '../tables/ai-seats.js'
import type { AnyDecide } from '../ai/index.js'
import type { BotMetrics } from './metrics.js'

/**
 * Where the figures come from, each taken where it passes anyway, so no layer below the app knows
 * about metrics: Discord's answers from the REST client's `makeRequest`, moves from the table
 * service's results, transactions from the store's `transaction`, AI decisions from the decide
 * function, the database-wide gauges from a read at each scrape.
 */

/** The route classes of docs/load.md: what kind of request, without ids (bounded label values). */
export function routeClass(method: string, path: string): string {
  const p = path.replace(/^\/api(\/v\d+)?/, '').split('?')[0]!
  if (/^\/interactions\/[^/]+\/[^/]+\/callback$/.test(p)) return 'interactionCallback'
  if (/^\/webhooks\/[^/]+\/[^/]+/.test(p)) return 'interactionWebhook'
  if (/^\/channels\/[^/]+\/messages$/.test(p) && method === 'POST') return 'messageCreate'
  if (/^\/channels\/[^/]+\/messages\/[^/]+$/.test(p)) {
    if (method === 'PATCH') return 'messageEdit'
    if (method === 'DELETE') return 'messageDelete'
  }
  return 'other'
}

function statusClass(status: number): string {
  return status === 429 ? '429' : `${Math.floor(status / 100)}xx`
}

/**
 * Interactions in flight by id, with when they arrived: their first answer is the callback
 * request for that id, seen on its way back from Discord.
 */
export class AnswerClock {
  private readonly arrived = new Map<string, { at: number; kind: string }>()

  constructor(private readonly metrics: BotMetrics) {}

  received(interaction: Interaction): void {
    const kind = interaction.isChatInputCommand()
      ? 'command'
      : interaction.isButton()
        ? 'button'
        : interaction.isStringSelectMenu()
          ? 'select'
          : 'other'
    this.metrics.interactions.inc({ kind })
    this.arrived.set(interaction.id, { at: performance.now(), kind })
  }

  /** The interaction's handling ended (answered or not): forget it, so the map stays bounded. */
  done(interaction: Interaction): void {
    this.arrived.delete(interaction.id)
  }

  answered(interactionId: string): void {
    const entry = this.arrived.get(interactionId)
    if (!entry) return
    this.arrived.delete(interactionId)
    this.metrics.answerSeconds.observe({ kind: entry.kind }, (performance.now() - entry.at) / 1000)
  }
}

/** discord.js's `makeRequest`, counting every answer by route class, status and 429 scope. */
export function observedRequests(metrics: BotMetrics, answers: AnswerClock): RESTOptions['makeRequest'] {
  const send = DefaultRestOptions.makeRequest
  return async (url, init) => {
    const method = init.method ?? 'GET'
    const path = new URL(url).pathname
    const route = routeClass(method, path)
    let response: Awaited<ReturnType<typeof send>>
    try {
      response = await send(url, init)
    } catch (error) {
      metrics.discordRequests.inc({ route, status: 'error' })
      throw error
    }
    metrics.discordRequests.inc({ route, status: statusClass(response.status) })
    if (response.status === 429) {
      const scope = response.headers.get('x-ratelimit-global')
        ? 'global'
        : (response.headers.get('x-ratelimit-scope') ?? 'user')
      metrics.discordRateLimited.inc({ scope, route })
    } else if (route === 'interactionCallback' && response.status < 300) {
      answers.answered(path.split('/').at(-3)!)
    }
    return response
  }
}

/** The store with its transactions timed; a refused change's rollback is no error. */
export function observedStore(store: Store, metrics: BotMetrics): Store {
  return {
    ...store,
    async transaction(fn) {
      const end = metrics.transactionSeconds.startTimer()
      try {
        return await store.transaction(fn)
      } catch (error) {
        if (!isRefusal(error)) metrics.transactionErrors.inc()
        throw error
      } finally {
        end()
      }
    },
  }
}

/** Counts the moves the table service applies: members' and AI seats' (`act`), and deadlines' (`expire`). */
export function countMoves(tables: TableService, metrics: BotMetrics): void {
  const act = tables.act.bind(tables)
  tables.act = async (...args) => {
    const result = await act(...args)
    if (result.ok && !result.value.duplicate)
      metrics.moves.inc({ game: result.value.table.game, by: isAiSeat(args[1]) ? 'ai' : 'member' })
    return result
  }
  const expire = tables.expire.bind(tables)
  tables.expire = async (...args) => {
    const result = await expire(...args)
    if (result.ok) metrics.moves.inc({ game: result.value.table.game, by: 'deadline' })
    return result
  }
}

/** The AI's decide function of a game, timed. */
export function timedDecide(
  aiFor: (game: string) => AnyDecide | undefined,
  metrics: BotMetrics,
): (game: string) => AnyDecide | undefined {
  return (game) => {
    const decide = aiFor(game)
    if (!decide) return undefined
    return (...args) => {
      const end = metrics.aiDecisionSeconds.startTimer({ game })
      try {
        return decide(...args)
      } finally {
        end()
      }
    }
  }
}

/** The database-wide gauges, read at a scrape, for the tables of this process's guilds. */
export async function readGauges(
  metrics: BotMetrics,
  store: Store,
  owns: (guildId: string) => boolean,
  now: number,
): Promise<void> {
  const [open, pending] = await Promise.all([openTables(store.prisma), pendingEffects(store.prisma)])
  const counts = new Map<string, { game: string; state: string; n: number }>()
  let overdue = 0
  for (const t of open) {
    if (!owns(t.guildId)) continue
    const key = `${t.game}\n${t.status}`
    const c = counts.get(key) ?? { game: t.game, state: t.status, n: 0 }
    c.n++
    counts.set(key, c)
    if (t.status === 'playing' && t.deadlineAt !== null && t.deadlineAt < now - OVERDUE_AFTER_MS) overdue++
  }
  metrics.openTables.reset()
  for (const c of counts.values()) metrics.openTables.set({ game: c.game, state: c.state }, c.n)
  metrics.deadlinesOverdue.set(overdue)
  const mine = pending.filter((p) => p.guildId === null || owns(p.guildId))
  metrics.outboxPending.set(mine.reduce((sum, p) => sum + p.count, 0))
  const oldest = Math.min(...mine.map((p) => p.oldestAt))
  metrics.outboxOldestSeconds.set(mine.length ? Math.max(0, (now - oldest) / 1000) : 0)
}
