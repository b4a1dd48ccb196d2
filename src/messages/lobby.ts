import type { APIEmbed, APIEmbedField } from 'discord.js'
import { tableButtonId } from '../render/custom-id.js'
import { chips } from '../render/format.js'
import { button, ButtonStyle, buttonRows, clip, COLOURS, NO_PINGS, type Payload } from '../render/payload.js'
import { isPracticeTable } from '../tables/ai-seats.js'
import type { RenderTable } from '../render/types.js'
import type { Lang } from '../i18n/index.js'
import { mention, relativeTime } from '../render/markup.js'
import { moduleOf, optionsText } from './table-context.js'

function seatedUsers(table: RenderTable): string[] {
  return table.seats.filter((s) => s.status === 'seated').map((s) => s.userId)
}

/** The table message before the game starts: who sits, the settings, the buttons to join and start. */
export function lobby(lang: Lang, table: RenderTable): Payload {
  const { engine, rules } = moduleOf(table)
  const users = seatedUsers(table)
  const min = engine.minPlayers
  const max = engine.maxPlayers
  const seats = users.length
    ? users
        .map((u, i) =>
          lang.t(u === table.creatorId ? 'table:lobby.host' : 'table:lobby.seat', { n: i + 1, who: mention(u) }),
        )
        .join('\n')
    : lang.t('table:lobby.nobody')
  const need =
    users.length < min
      ? lang.t('table:lobby.needs', { count: min - users.length })
      : lang.t('table:lobby.ready', { host: mention(table.creatorId) })
  const fields: APIEmbedField[] = [
    { name: lang.t('table:lobby.players', { n: users.length, max }), value: clip(seats, 1024) },
    { name: lang.t('table:lobby.settings'), value: optionsText(lang, table) },
  ]
  const practice = isPracticeTable(table.seats)
  // A tournament for real chips: the buy-in is an entry fee into the prize pool.
  const tournament = practice ? null : (engine.table.tournament?.(table.options) ?? null)
  if (table.buyIn > 0)
    fields.push({
      name: lang.t(tournament ? 'table:lobby.entryFee' : 'table:lobby.buyIn'),
      value: lang.t(
        practice ? 'table:lobby.buyInPractice' : tournament ? 'table:lobby.entryFeeCash' : 'table:lobby.buyInCash',
        { chips: chips(table.buyIn, lang) },
      ),
    })
  // The split of the most entrants a table seats says whether the pool is ever shared.
  const split = tournament?.prizes(100, engine.maxPlayers) ?? []
  const lines = [
    ...(practice ? [lang.t('table:practiceNote')] : []),
    // The game's one-line summary from its rules pages, in the table's language.
    moduleOf(table).rulesIn(lang).tagline,
    lang.t('table:lobby.join', { min, max, need }),
    ...(table.endsAt !== null ? [lang.t('table:lobby.agreedEnd', { when: relativeTime(table.endsAt) })] : []),
    ...(tournament
      ? [
          split.length > 1
            ? lang.t('table:lobby.tournamentSplit', { first: split[0], second: split[1] })
            : lang.t('table:lobby.tournament'),
        ]
      : engine.table.freezeout(table.options)
        ? [lang.t('table:lobby.freezeout')]
        : []),
  ]
  const embed: APIEmbed = {
    title: lang.t('table:lobby.title', { game: rules.title }),
    color: COLOURS.lobby,
    description: lines.join('\n'),
    fields,
  }
  return {
    content: '',
    embeds: [embed],
    components: buttonRows([
      button(tableButtonId(table.id, 'join'), lang.t('table:buttons.join'), ButtonStyle.Success),
      button(tableButtonId(table.id, 'leave'), lang.t('table:buttons.leave'), ButtonStyle.Secondary),
      button(tableButtonId(table.id, 'start'), lang.t('table:buttons.start'), ButtonStyle.Primary),
      button(tableButtonId(table.id, 'ai'), lang.t('table:buttons.addAi'), ButtonStyle.Secondary),
      button(tableButtonId(table.id, 'rules'), lang.t('table:buttons.rules'), ButtonStyle.Secondary),
    ]),
    allowedMentions: NO_PINGS,
  }
}
