import { createHash } from 'node:crypto'
import type { APIEmbedField } from 'discord.js'
import { chartPng, type ChartPanel } from '../render/images/chart.js'
import { gameModule } from '../games/registry.js'
import type { StatRow } from '../store/stats.js'
import type { Lang } from '../i18n/index.js'
import { mention } from '../render/markup.js'
import { clip, COLOURS, ephemeral, NO_PINGS, type FileUpload, type Payload } from '../render/payload.js'

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

/** What `/stats` charts (TableService.history): ratings per game and the wallet balance, oldest first. */
export interface StatsHistory {
  readonly ratings: readonly { readonly game: string; readonly values: readonly number[] }[]
  readonly balance: readonly number[]
}

/** The story of one line in words: "from 1,000 to 1,087 over 7, highest 1,090". */
function told(lang: Lang, values: readonly number[]) {
  return {
    count: values.length,
    n: lang.number(values.length),
    from: lang.number(values[0]!),
    to: lang.number(values[values.length - 1]!),
    high: lang.number(Math.max(...values)),
  }
}

/**
 * The chart of a member's history (a PNG drawn like the cards) with its alt text telling the same
 * story in words; null without history (then the answer says so in words instead).
 */
export function statsChart(lang: Lang, history: StatsHistory): FileUpload | null {
  const { t } = lang
  const title = (game: string) => gameModule(game)?.rules.title ?? game
  const panels: ChartPanel[] = []
  const words: string[] = []
  if (history.ratings.length) {
    panels.push({
      title: t('messages:stats.chartRatings'),
      series: history.ratings.map((r) => ({ name: title(r.game), values: r.values })),
    })
    for (const r of history.ratings)
      words.push(t('messages:stats.altRating', { game: title(r.game), ...told(lang, r.values) }))
  }
  if (history.balance.length > 1) {
    panels.push({
      title: t('messages:stats.chartBalance'),
      series: [{ name: t('messages:stats.chips'), values: history.balance }],
    })
    words.push(t('messages:stats.altBalance', told(lang, history.balance)))
  }
  if (!panels.length) return null
  const png = chartPng(panels)
  const name = `stats-${createHash('sha256').update(png).digest('hex').slice(0, 16)}.png`
  return { attachment: png, name, description: clip(words.join(' '), 1024) }
}

/** `/stats [member]`: a player's record per game; private unless shared (then in the server's language). */
export function renderStats(
  lang: Lang,
  userId: string,
  rows: readonly PlayerGameStats[],
  shared: boolean,
  chart: FileUpload | null = null,
): Payload {
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
        ...(chart ? { image: { url: `attachment://${chart.name}` } } : {}),
        ...(chart ? {} : { footer: { text: t('messages:stats.noHistory') } }),
      },
    ],
    ...(chart ? { files: [chart] } : {}),
    allowedMentions: NO_PINGS,
  }
  return shared ? payload : ephemeral(payload)
}
