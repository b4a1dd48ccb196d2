import type { FakeChannel, FakeDiscord, FakeGuild, FakeMember } from '../../src/sandbox/discord/index.js'
import { gameLookup } from '../../src/games/registry.js'
import { openStore } from '../../src/store/index.js'
import { TableService } from '../../src/tables/index.js'

export interface TablesOwing {
  readonly guild: FakeGuild
  /** Opened every table (an admin: not held to the per-member limit). */
  readonly ann: FakeMember
  /** A member of the server at none of the tables. */
  readonly ben: FakeMember
  /** One channel per table, in the order they were opened. */
  readonly channels: readonly FakeChannel[]
}

/**
 * What a bot killed while busy leaves on `databaseUrl`: `count` Bugami lobbies in the channels of
 * one server, committed, none of their table messages posted (every table's effects still owed to
 * Discord). The restart e2e test and `npm run bench -- restart` start the bot on it.
 */
export async function tablesOwingEffects(
  discord: FakeDiscord,
  databaseUrl: string,
  count: number,
): Promise<TablesOwing> {
  const guild = discord.guild('Busy Server')
  const ann = guild.member('ann')
  const ben = guild.member('ben')
  const store = await openStore({ url: databaseUrl, clock: discord.clock, durability: 'process' })
  try {
    const service = new TableService({ games: gameLookup, store })
    const channels: FakeChannel[] = []
    for (let i = 0; i < count; i++) {
      const channel = guild.channel(`table-${i}`)
      channels.push(channel)
      const created = await service.create({
        guildId: guild.id,
        channelId: channel.id,
        game: 'bugami',
        creatorId: ann.id,
        exempt: true,
      })
      if (!created.ok) throw new Error(created.error.code)
    }
    if ((await store.effects.pendingTables()).length !== count) throw new Error('every table should owe its effects')
    return { guild, ann, ben, channels }
  } finally {
    await store.close()
  }
}
