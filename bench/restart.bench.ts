import { startBot } from '../src/bot.js'
import { createLogger } from '../src/lib/log.js'
import { startFakeDiscord } from '../src/sandbox/discord/index.js'
import type { BenchResult } from './harness.js'
import { tempFile } from './store-table.js'
import { tablesOwingEffects } from '../test/support/tables-owing.js'

/** Tables the killed bot left owing Discord their effects (BENCH_RESTART_TABLES). */
const TABLES = Number(process.env.BENCH_RESTART_TABLES ?? 500)

/**
 * `npm run bench -- restart`: the bot restarted on a database where TABLES tables still owe
 * Discord their table message (the effects a killed bot left), against the fake Discord: the
 * time from the start to the bot taking interactions, and from a member's first click (a host
 * ending the last table in line, and a `/table status` elsewhere) to its answer, while the
 * catch-up runs beside them. Discord gives an interaction 3 s; the target is 1 s.
 */
export async function run(): Promise<BenchResult[]> {
  const discord = await startFakeDiscord()
  const tmp = tempFile('restart.db')
  const { ann, ben, channels } = await tablesOwingEffects(discord, tmp.url, TABLES)
  const began = performance.now()
  const bot = await startBot({
    token: discord.token,
    discordUrl: discord.url,
    databaseUrl: tmp.url,
    clock: discord.clock,
    log: createLogger('silent'),
  })
  const ready = performance.now() - began
  let clicked = performance.now()
  await ann.slash(channels[TABLES - 1]!, 'table end')
  const firstMove = performance.now() - clicked
  clicked = performance.now()
  await ben.slash(channels[0]!, 'table status')
  const firstRead = performance.now() - clicked
  const owing = (await bot.store.effects.pendingTables()).length
  const caughtUp = performance.now()
  await bot.idle()
  const catchUp = performance.now() - caughtUp + firstMove + firstRead
  await bot.stop()
  await discord.stop()
  tmp.drop()
  return [
    { name: `restart, ${TABLES} tables owing effects: start to taking interactions`, value: ready, unit: 'ms' },
    {
      name: `restart, ${TABLES} tables owing effects: first move answered`,
      value: firstMove,
      unit: 'ms',
      target: { atMost: 1000 },
    },
    {
      name: `restart, ${TABLES} tables owing effects: first read answered`,
      value: firstRead,
      unit: 'ms',
      target: { atMost: 1000 },
    },
    { name: `restart, ${TABLES} tables owing effects: tables still owed then`, value: owing, unit: '' },
    { name: `restart, ${TABLES} tables owing effects: catch-up after the first clicks`, value: catchUp, unit: 'ms' },
  ]
}
