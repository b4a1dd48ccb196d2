import { Client, Events, GatewayIntentBits } from 'discord.js'
import { systemClock, type Clock } from './clock.js'
import { createLogger, type Logger } from './log.js'
import { commandDefinitions } from './commands/index.js'
import { routeInteraction } from './commands/router.js'
import { TableDesk } from './commands/desk.js'
import type { BotContext } from './commands/context.js'
import { MAX_RATE_LIMIT_WAIT_MS, postInChannel, type Sendable } from './commands/public-message.js'
import { TurnScheduler } from './scheduler/turns.js'
import { openStore, type Store } from './store/index.js'
import { TableService } from './tables/index.js'
import { renderReminder } from './render/table.js'
import type { CardEmojis } from './render/emojis.js'
import { uploadCardEmojis } from './commands/card-emojis.js'

export interface BotOptions {
  readonly token: string
  /** Discord's root URL (`https://discord.com`) or the fake Discord's. */
  readonly discordUrl: string
  readonly databaseUrl: string
  readonly clock?: Clock
  /** Register the commands in this server only (instant); otherwise globally. */
  readonly devGuildId?: string
  readonly log?: Logger
}

export interface Bot {
  readonly client: Client
  readonly tables: TableService
  /** The database (tests read the audit and balances through it). */
  readonly store: Store
  readonly clock: Clock
  /** The card emojis once uploaded (or found from an earlier start); null until then or on failure. */
  cardEmojis(): CardEmojis | null
  /** Settles when the emoji upload at start-up has finished, well or not. */
  readonly emojisSettled: Promise<void>
  /**
   * Resolves once nothing is in progress: no interaction being handled, no deadline being
   * played, no table message being edited (tests wait on it after moving the clock).
   */
  idle(): Promise<void>
  /** Logs out, stops the timers and closes the database; the state stays on disk. */
  stop(): Promise<void>
}

/**
 * Starts the bot: opens the database (migrations apply), logs in with intent Guilds only,
 * registers the slash commands, and re-arms every open table's deadline from the database.
 */
export async function startBot(opts: BotOptions): Promise<Bot> {
  const clock = opts.clock ?? systemClock
  const log = opts.log ?? createLogger(process.env.LOG_LEVEL ?? 'info')
  const store = await openStore({ url: opts.databaseUrl, clock })
  const tables = new TableService({ store, clock })
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    rest: { api: `${opts.discordUrl}/api`, rejectOnRateLimit: (limit) => limit.retryAfter > MAX_RATE_LIMIT_WAIT_MS },
  })

  let scheduler: TurnScheduler
  const desk = new TableDesk({ client, clock, log, tables, onTable: (table) => scheduler.track(table) })
  scheduler = new TurnScheduler({
    clock,
    log,
    tables,
    show: (update) => desk.show(update),
    remind: async (table) => {
      await postInChannel(client, table.channelId, renderReminder(table, table.waitingFor, table.messageId) as Sendable)
      log.info({ tableId: table.id, users: table.waitingFor.length }, 'turn reminder')
    },
  })
  let cardEmojis: CardEmojis | null = null
  const ctx: BotContext = { client, clock, log, tables, desk, emojis: () => cardEmojis }
  // Interactions in progress, so that stop() never closes the database under one.
  const handling = new Set<Promise<void>>()
  client.on(Events.InteractionCreate, (interaction) => {
    const work = routeInteraction(interaction, ctx)
    handling.add(work)
    void work.finally(() => handling.delete(work))
  })
  const idle = async () => {
    while (handling.size > 0) await Promise.all([...handling])
    await scheduler.idle()
    await desk.idle()
  }
  client.on(Events.Error, (error) => log.error({ err: error }, 'discord client error'))
  let emojisSettled: Promise<void> = Promise.resolve()

  try {
    const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()))
    await client.login(opts.token)
    await ready
    const commands = client.application!.commands
    await (opts.devGuildId ? commands.set(commandDefinitions(), opts.devGuildId) : commands.set(commandDefinitions()))
    // In the background: until the emojis are there, cards show as text.
    emojisSettled = uploadCardEmojis(client, log).then((found) => {
      cardEmojis = found
    })
    const rearmed = await scheduler.rearmAll()
    log.info(
      {
        user: client.user?.id,
        guilds: client.guilds.cache.size,
        tables: rearmed,
        commandsIn: opts.devGuildId ?? 'global',
      },
      'bot ready',
    )
  } catch (error) {
    scheduler.stop()
    await client.destroy()
    await store.close()
    throw error
  }

  return {
    client,
    tables,
    store,
    clock,
    cardEmojis: () => cardEmojis,
    get emojisSettled() {
      return emojisSettled
    },
    idle,
    async stop() {
      scheduler.stop()
      await idle()
      await emojisSettled
      await client.destroy()
      await store.close()
      log.info('bot stopped')
    },
  }
}
