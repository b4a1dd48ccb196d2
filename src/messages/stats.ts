import type { APIEmbedField } from 'discord.js'
import { gameModule } from '../games/registry.js'
import type { StatRow } from '../store/stats.js'
import type { Lang } from '../i18n/index.js'
import { mention } from '../render/markup.js'
import { clip, COLOURS, ephemeral, NO_PINGS, type Payload } from '../render/payload.js'

/** One game's counters of one player: the store's `Stat` row without whose it is. */
export type PlayerGameStats = Omit<StatRow, 'guildId' | 'userId'>

const signed = (lang: Lang, n: number) => (n > 0 ? `+${lang.number(n)}` : lang.number(n))

/** One field per game played: games, wins and win rate; net chips (chip games) or average and best points. */
function gameField(lang: Lang, s: PlayerGameStats): APIEmbedField {
  const { t } = lang
  const module = gameModule(s.game)
  const title = module?.rules.title ?? s.game
  const rate = Math.round((100 * s.won) / s.played)
  const lines = [
    t('messages:stats.record', { played: lang.number(s.played), won: lang.number(s.won), rate: lang.number(rate) }),
  ]
  if (module?.engine.usesChips) lines.push(t('messages:stats.netChips', { chips: signed(lang, s.netChips) }))
  else {
    const average = new Intl.NumberFormat(lang.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 })
    lines.push(t('messages:stats.average', { points: average.format(s.points / s.played) }))
    if (s.bestPoints !== null) lines.push(t('messages:stats.best', { points: lang.number(s.bestPoints) }))
  }
  return { name: title, value: lines.join('\n'), inline: true }
}

/** `/stats [member]`: a player's record per game; private unless shared (then in the server's language). */
export function renderStats(lang: Lang, userId: string, rows: readonly PlayerGameStats[], shared: boolean): Payload {
  const { t } = lang
  const played = rows.filter((r) => r.played > 0)
  const total = played.reduce((a, r) => a + r.played, 0)
  const member = mention(userId)
  const payload: Payload = {
    embeds: [
      {
        title: t('messages:stats.title'),
        color: COLOURS.info,
        description: clip(
          played.length
            ? t('messages:stats.total', { member, count: total, total: lang.number(total) })
            : t('messages:stats.none', { member }),
          4096,
        ),
        fields: played.slice(0, 25).map((r) => gameField(lang, r)),
      },
    ],
    allowedMentions: NO_PINGS,
  }
  return shared ? payload : ephemeral(payload)
}
