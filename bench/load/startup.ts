import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startFakeDiscord, type FakeDiscord } from '../../src/sandbox/discord/index.js'
import { ManualClock } from '../../src/sandbox/discord/manual-clock.js'
import { openStore } from '../../src/store/index.js'
import { TableService } from '../../src/tables/index.js'
import { gameLookup } from '../../src/games/registry.js'
import { BotProcess, prepareBot, type BotKind } from './bot-process.js'
import { round } from './stats.js'
import { startupTargets } from './targets.js'

/** Channels per server (Discord allows 500). */
const CHANNELS_PER_GUILD = 500

/**
 * Start-up with many open tables (`npm run load -- --startup 10000`): the database is seeded with
 * `tables` Bura tables in play, each with its table message posted, then the bot process starts
 * on it; reported: time from spawn to `bot ready` (commands registered, caught up, deadlines
 * armed) and resident memory then, against a start on an empty database, and memory per idle table.
 */
export async function runStartup(opts: { tables: number; bot?: BotKind }) {
  const kind = opts.bot ?? 'dist'
  prepareBot(kind)
  const clock = new ManualClock(Date.now())
  const stopClock = clock.followRealTime(100)
  const discord = await startFakeDiscord({ clock })
  const empty = mkdtempSync(join(tmpdir(), 'bot-startup-empty-'))
  const seeded = mkdtempSync(join(tmpdir(), 'bot-startup-seeded-'))
  try {
    const seedStarted = Date.now()
    await seed(discord, `file:${join(seeded, 'bot.db')}`, opts.tables)
    const seedMs = Date.now() - seedStarted
    const before = await startOnce(discord, `file:${join(empty, 'bot.db')}`, kind)
    const after = await startOnce(discord, `file:${join(seeded, 'bot.db')}`, kind)
    return {
      tables: opts.tables,
      bot: kind,
      seedSeconds: round(seedMs / 1000, 1),
      emptyDatabase: before,
      withTables: after,
      memoryPerIdleTableKb: round(((after.rssMb - before.rssMb) * 1024) / opts.tables, 1),
      loadavg: readFileSync('/proc/loadavg', 'utf8').trim(),
      errors: [...before.errors, ...after.errors],
      targets: startupTargets({ tables: opts.tables, readySeconds: after.readySeconds }),
    }
  } finally {
    stopClock()
    await discord.stop()
    rmSync(empty, { recursive: true, force: true })
    rmSync(seeded, { recursive: true, force: true })
  }
}

async function startOnce(discord: FakeDiscord, databaseUrl: string, kind: BotKind) {
  const began = Date.now()
  const bot = await BotProcess.start(discord, databaseUrl, kind)
  const readyMs = Date.now() - began
  const { rssMb } = bot.memory()
  await bot.stop()
  return { readySeconds: round(readyMs / 1000, 2), rssMb, errors: bot.errors.slice(0, 3) }
}

/** `count` tables in play, two members each, each with a table message the bot posted. */
async function seed(discord: FakeDiscord, databaseUrl: string, count: number): Promise<void> {
  // Durable to the process only: the seed is thrown away after the run.
  const store = await openStore({ url: databaseUrl, durability: 'process' })
  const service = new TableService({ store, games: gameLookup })
  try {
    for (let i = 0; i < count; i++) {
      const guild = discord.guild(`Startup ${Math.floor(i / CHANNELS_PER_GUILD)}`)
      const channel = guild.channel(`table-${i}`)
      const [a, b] = [guild.member(`s${i}a`), guild.member(`s${i}b`)]
      const created = await service.create({ guildId: guild.id, channelId: channel.id, game: 'bura', creatorId: a.id })
      if (!created.ok) throw new Error(`seeding table ${i}: ${created.error.code}`)
      const id = created.value.table.id
      const joined = await service.join(id, b.id)
      if (!joined.ok) throw new Error(`seeding table ${i}: ${joined.error.code}`)
      const started = await service.start(id)
      if (!started.ok) throw new Error(`seeding table ${i}: ${started.error.code}`)
      await service.setMessageId(id, await postAsBot(discord, channel.id))
      // Shown already: nothing for start-up to deliver.
      await store.effects.done(
        (await store.effects.pending(id)).map((e) => e.id),
        null,
      )
    }
  } finally {
    await store.close()
  }
}

async function postAsBot(discord: FakeDiscord, channelId: string): Promise<string> {
  const res = await fetch(`${discord.url}/api/v10/channels/${channelId}/messages`, {
    method: 'POST',
    headers: { authorization: `Bot ${discord.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ content: 'A table (seeded for the start-up measurement)' }),
  })
  if (!res.ok) throw new Error(`posting a seeded table message: ${res.status}`)
  return ((await res.json()) as { id: string }).id
}
