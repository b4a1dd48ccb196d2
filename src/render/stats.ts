import type { APIEmbedField } from 'discord.js'
import { gameModule } from '../registry.js'
import type { StatRow } from '../store/stats.js'
import { formatNumber } from './format.js'
import { mention } from './messages.js'
import { clip, COLOURS, ephemeral, NO_PINGS, type Payload } from './payload.js'

/** One game's counters of one player: the store's `Stat` row without whose it is. */
export type PlayerGameStats = Omit<StatRow, 'guildId' | 'userId'>

const signed = (n: number) => (n > 0 ? `+${formatNumber(n)}` : formatNumber(n))
const percent = (won: number, played: number) => `${Math.round((100 * won) / played)}%`

/** One field per game played: games, wins and win rate; net chips (chip games) or average and best points. */
function gameField(s: PlayerGameStats): APIEmbedField {
  const module = gameModule(s.game)
  const title = module?.rules.title ?? s.game
  const lines = [`${formatNumber(s.played)} played · ${formatNumber(s.won)} won · ${percent(s.won, s.played)} win rate`]
  if (module?.engine.usesChips) lines.push(`${signed(s.netChips)} net chips at tables`)
  else {
    lines.push(`${(s.points / s.played).toFixed(1)} points a match on average`)
    if (s.bestPoints !== null) lines.push(`best match: ${formatNumber(s.bestPoints)} points`)
  }
  return { name: title, value: lines.join('\n'), inline: true }
}

/** `/stats [member]`: a player's record per game; private unless the asker shares it. */
export function renderStats(userId: string, rows: readonly PlayerGameStats[], shared: boolean): Payload {
  const played = rows.filter((r) => r.played > 0)
  const total = played.reduce((a, r) => a + r.played, 0)
  const payload: Payload = {
    embeds: [
      {
        title: 'Stats',
        color: COLOURS.info,
        description: clip(
          played.length
            ? `${mention(userId)}: ${formatNumber(total)} ${total === 1 ? 'game' : 'games'} at this server's tables.`
            : `${mention(userId)} has not finished a game at this server's tables yet.`,
          4096,
        ),
        fields: played.slice(0, 25).map(gameField),
      },
    ],
    allowedMentions: NO_PINGS,
  }
  return shared ? payload : ephemeral(payload)
}
