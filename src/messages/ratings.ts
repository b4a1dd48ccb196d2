import type { APIEmbedField } from 'discord.js'
import { gameModule } from '../games/registry.js'
import type { Lang } from '../i18n/index.js'
import { mention } from '../render/markup.js'
import { clip, COLOURS, ephemeral, NO_PINGS, type Payload } from '../render/payload.js'
import { PROVISIONAL_BELOW } from '../store/rating-model.js'
import type { MemberRating, RatingChangeRow } from '../store/ratings.js'

/** One change in `/rating`'s list: "+12 → 1,034 (place 1)", or the first result "new: 1,012 (place 2)". */
function changeLine(lang: Lang, c: RatingChangeRow): string {
  const { t } = lang
  const place = t('messages:rating.place', { place: lang.number(c.place) })
  if (c.before === null) return t('messages:rating.first', { after: lang.number(c.after), place })
  const delta = c.after - c.before
  const signed = delta > 0 ? `+${lang.number(delta)}` : delta < 0 ? `−${lang.number(-delta)}` : '±0'
  return t('messages:rating.change', { delta: signed, after: lang.number(c.after), place })
}

function gameField(lang: Lang, r: MemberRating): APIEmbedField {
  const { t } = lang
  const title = gameModule(r.game)?.rules.title ?? r.game
  const lines = [
    t('messages:rating.value', {
      rating: lang.number(r.score),
      rank: lang.number(r.rank),
      rated: lang.number(r.rated),
    }),
    r.provisional
      ? t('messages:rating.provisional', { count: r.results, results: lang.number(r.results), of: PROVISIONAL_BELOW })
      : t('messages:rating.results', { count: r.results, results: lang.number(r.results) }),
  ]
  if (r.changes.length)
    lines.push(t('messages:rating.lastChanges'), ...r.changes.map((c) => `· ${changeLine(lang, c)}`))
  return { name: title, value: clip(lines.join('\n'), 1024), inline: false }
}

/** `/rating [member] [game]`: the member's skill rating per game, rank, results and last changes; private. */
export function renderRating(
  lang: Lang,
  userId: string,
  ratings: readonly MemberRating[],
  game: string | null,
): Payload {
  const { t } = lang
  const member = mention(userId)
  const gameTitle = game === null ? null : (gameModule(game)?.rules.title ?? game)
  const description = ratings.length
    ? [t('messages:rating.of', { member }), t('messages:rating.about')].join('\n')
    : gameTitle === null
      ? t('messages:rating.none', { member })
      : t('messages:rating.noneAt', { member, game: gameTitle })
  return ephemeral({
    embeds: [
      {
        title: t('messages:rating.title'),
        color: COLOURS.info,
        description: clip(description, 4096),
        fields: ratings.slice(0, 25).map((r) => gameField(lang, r)),
      },
    ],
    allowedMentions: NO_PINGS,
  })
}
