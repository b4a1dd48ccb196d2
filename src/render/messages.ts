import { ENGLISH } from '../i18n/index.js'
import { button, buttonRows, clip, COLOURS, ephemeral, NO_PINGS, type Payload } from './payload.js'
import { chipGamesText, gameModule, gameModules, stakesText, startCommandsText } from '../registry.js'
import type { GameRules } from './rules-text.js'
import { rulesPageId } from './custom-id.js'
import { durationText, formatNumber } from './format.js'
import type { GuildSettingsValue } from '../store/index.js'
import type { APIEmbed, APIEmbedField } from 'discord.js'
import { aiDisplayName, parseAiSeat } from '../tables/ai-seats.js'

/** Payloads that do not depend on a game state: rules, help, leaderboards, balances, refusals. */

/** A member as a mention; an AI seat by its name ("🤖 Anna"), which no mention could show. */
export function mention(userId: string): string {
  const ai = parseAiSeat(userId)
  return ai ? aiDisplayName(ai) : `<@${userId}>`
}

/** A Discord timestamp that every reader sees in their own time zone ("in 3 hours"). */
export function relativeTime(at: number | Date): string {
  const ms = typeof at === 'number' ? at : at.getTime()
  return `<t:${Math.floor(ms / 1000)}:R>`
}

// Room for the title, tagline and footer of a page within the 6,000 characters of a message.
const PAGE_BUDGET = 5200

function rulesOf(game: string): GameRules {
  const module = gameModule(game)
  if (!module) throw new Error(`no game module for game ${game}`)
  return module.rules
}

function rulesPages(rules: GameRules): APIEmbedField[][] {
  const pages: APIEmbedField[][] = [[]]
  let used = 0
  for (const s of rules.sections) {
    const size = s.title.length + s.body.length
    const page = pages[pages.length - 1]!
    if (page.length > 0 && (used + size > PAGE_BUDGET || page.length === 25)) {
      pages.push([])
      used = 0
    }
    pages[pages.length - 1]!.push({ name: s.title, value: clip(s.body, 1024) })
    used += size
  }
  return pages
}

/** `/rules <game>` and the Rules button: one page of the game's rules, with page buttons if needed. */
export function renderRules(game: string, page = 0): Payload {
  const rules = rulesOf(game)
  const pages = rulesPages(rules)
  const at = Math.max(0, Math.min(page, pages.length - 1))
  const embed: APIEmbed = {
    title: `${rules.title} — rules${pages.length > 1 ? ` (${at + 1}/${pages.length})` : ''}`,
    description: rules.tagline,
    color: COLOURS.info,
    fields: pages[at]!,
  }
  // Only buttons that lead somewhere, so custom_ids stay unique and nothing is a dead end.
  const nav = [
    ...(at > 0 ? [button(rulesPageId(game, at - 1), '◀ Previous')] : []),
    ...(at < pages.length - 1 ? [button(rulesPageId(game, at + 1), 'Next ▶')] : []),
  ]
  return ephemeral({ embeds: [embed], components: buttonRows(nav) })
}

/** `/help`: what the bot does and every command, briefly. */
export function renderHelp(): Payload {
  const games = gameModules().map((m) => m.engine.id)
  const lines = games.map((g) => `**${rulesOf(g).title}** — ${rulesOf(g).tagline}`)
  const embed: APIEmbed = {
    title: 'Card tables — help',
    color: COLOURS.info,
    description:
      'Play card games in this channel, at your own pace: moves can take hours, the bot pings whoever is to play ' +
      'and plays a sensible move when a deadline passes.\n\n' +
      lines.join('\n'),
    fields: [
      {
        name: 'Start a table',
        value:
          `${games.map((g) => `\`/${g} start\``).join(', ')} open a table in this channel (one per channel) ` +
          `with its options. Players press **Join**; the creator presses **Start**.`,
      },
      {
        name: 'Playing',
        value:
          'Press **Your hand** on the table message (or use `/hand`) to see your cards and your moves; only you ' +
          'see that answer. The table message shows everything public and updates itself.',
      },
      {
        name: 'Tables',
        value: '`/table status` · `/table end` · `/table kick` (the creator or anyone with Manage Server).',
      },
      {
        name: 'Chips and rankings',
        value:
          '`/chips balance` · `/chips daily` · `/stats [member]` · `/leaderboard [game]`. Chips are ' +
          'per server and carry across tables.',
      },
      {
        name: 'Server settings',
        value:
          '`/settings show` · `/settings set` · `/chips-admin grant` (Manage Server only): starting chips, ' +
          'daily chips, default turn time, stakes and buy-in of new tables, the channels where tables open.',
      },
      {
        name: 'Rules',
        value: `${games.map((g) => `\`/rules ${g}\``).join(', ')}, or the **Rules** button on a table.`,
      },
    ],
  }
  return ephemeral({ embeds: [embed] })
}

export interface LeaderboardEntry {
  readonly userId: string
  /** What the board ranks by: chips, points, wins … (already sorted by the caller, best first). */
  readonly value: number
  readonly games?: number
  readonly wins?: number
  /** Points games: total points, the tie-break. */
  readonly points?: number
}

export interface LeaderboardOptions {
  readonly game?: string | null
  /** What `value` means, e.g. "chips", "net chips", "points". */
  readonly unit: string
  readonly title?: string
  /** One line under the title: what the board ranks by. */
  readonly about?: string
  /** The user who asked, marked and shown below the list when not in it. */
  readonly viewer?: { readonly userId: string; readonly rank: number | null; readonly value: number | null }
  /** Only the viewer sees the answer: then it may say that they are not on the board. */
  readonly private?: boolean
}

const MEDALS = ['🥇', '🥈', '🥉']

/** `/leaderboard [game]`: the top entries (at most 25), public, mentions do not ping. */
export function renderLeaderboard(entries: readonly LeaderboardEntry[], opts: LeaderboardOptions): Payload {
  const name = opts.game ? rulesOf(opts.game).title : 'All games'
  const top = entries.slice(0, 25)
  const lines = top.map((e, i) => {
    const place = MEDALS[i] ?? `**${i + 1}.**`
    const extra = [
      e.games !== undefined ? `${e.games} games` : null,
      e.wins !== undefined ? `${e.wins} won` : null,
      e.points !== undefined ? `${formatNumber(e.points)} points` : null,
    ]
      .filter(Boolean)
      .join(', ')
    const me = opts.viewer?.userId === e.userId ? ' ← you' : ''
    return `${place} ${mention(e.userId)} — **${formatNumber(e.value)}** ${opts.unit}${extra ? ` (${extra})` : ''}${me}`
  })
  const v = opts.viewer
  if (v && !top.some((e) => e.userId === v.userId)) {
    if (v.rank !== null && v.value !== null)
      lines.push(`…\n**${v.rank}.** ${mention(v.userId)} — **${formatNumber(v.value)}** ${opts.unit} ← you`)
    // Said to the viewer alone: in the channel it would read as addressed to everyone.
    else if (opts.private && top.length) lines.push('You are not on this board yet.')
  }
  const embed: APIEmbed = {
    title: clip(opts.title ?? `Leaderboard — ${name}`, 256),
    color: COLOURS.info,
    description: clip(
      [opts.about, lines.length ? lines.join('\n') : 'Nobody is on this board yet. Finish a game to get on it!']
        .filter(Boolean)
        .join('\n\n'),
      4096,
    ),
  }
  const payload: Payload = { embeds: [embed], allowedMentions: NO_PINGS }
  return opts.private ? ephemeral(payload) : payload
}

export interface BalanceInfo {
  readonly userId: string
  readonly balance: number
  /** Chips sitting at tables right now (not in the balance until the player stands up). */
  readonly atTables?: number
  /** When `/chips daily` can be claimed again; null or absent when it can be claimed now. */
  readonly nextDailyAt?: number | null
}

/** `/chips balance` and the answers of `/chips daily` / `/chips grant` (with a headline). */
export function renderBalance(info: BalanceInfo, headline?: string): Payload {
  const lines = [`${mention(info.userId)} has **${formatNumber(info.balance)}** chips.`]
  if (info.atTables)
    lines.push(`Another **${formatNumber(info.atTables)}** sit at tables and come back when you stand up.`)
  if (info.nextDailyAt !== undefined) {
    lines.push(
      info.nextDailyAt === null
        ? 'Your daily chips are ready: `/chips daily`.'
        : `Next daily chips ${relativeTime(info.nextDailyAt)}.`,
    )
  }
  return ephemeral({
    embeds: [{ title: clip(headline ?? 'Chips', 256), color: COLOURS.info, description: lines.join('\n') }],
  })
}

/** A server's settings, as `/settings show` and `/settings set` answer. */
export function renderSettings(settings: GuildSettingsValue, headline = 'Server settings'): Payload {
  const fields: APIEmbedField[] = [
    {
      name: 'Starting chips',
      value: `${formatNumber(settings.startingGrant)} for a member's first wallet`,
      inline: true,
    },
    { name: 'Daily chips', value: `${formatNumber(settings.dailyAmount)} every 20 hours`, inline: true },
    { name: 'Turn time', value: `${durationText(settings.turnMs)} for new tables`, inline: true },
    { name: 'Stakes', value: `${stakesText(ENGLISH)} ${formatNumber(settings.defaultStakes)}`, inline: true },
    {
      name: 'Buy-in',
      value: `${formatNumber(settings.defaultBuyIn)} chips to sit at a new ${chipGamesText(ENGLISH)} table`,
      inline: true,
    },
    {
      name: 'Images',
      value: settings.images ? 'on: table and hand pictures' : 'off: text only',
      inline: true,
    },
    {
      name: 'Card emojis',
      value: settings.emojis ? 'on: cards as emojis where the bot has them' : 'off: cards as text (K♦)',
      inline: true,
    },
    {
      name: 'Table channels',
      value: settings.tableChannels.length
        ? settings.tableChannels.map((c) => `<#${c}>`).join(' ')
        : 'any channel of the server',
      inline: true,
    },
    {
      name: 'Threads',
      value: settings.threads ? 'on: each new table opens in its own thread' : 'off: tables open in the channel',
      inline: true,
    },
    {
      name: 'Language',
      value: settings.language
        ? `${ENGLISH.t(`language.${settings.language}`)} in public messages`
        : "auto: German when the server's Discord language is German, else English",
      inline: true,
    },
  ]
  return ephemeral({
    embeds: [
      {
        title: clip(headline, 256),
        color: COLOURS.info,
        fields,
        footer: { text: 'Tables already open keep their turn time, stakes and buy-in.' },
      },
    ],
  })
}

/** A friendly "no" that says what to do instead; only the one who asked sees it. */
export function renderRefusal(message: string, hint?: string): Payload {
  const text = hint ? `${message}\n${hint}` : message
  return ephemeral({ content: clip(`🙅 ${text}`, 2000) })
}

/** Common refusals in one voice, so every handler says the same thing the same way. */
export const REFUSALS = {
  notInGuild: () =>
    renderRefusal(
      'Card tables live in server channels, not in direct messages.',
      'Use the commands in a channel of a server the bot is in.',
    ),
  noTable: () => renderRefusal('There is no table in this channel.', `Open one with ${startCommandsText(ENGLISH)}.`),
  tableExists: () =>
    renderRefusal(
      'This channel already has a table.',
      'Finish it (or `/table end`) before opening another, or use another channel.',
    ),
  tableGone: () => renderRefusal('That table is closed.', 'Open a new one with `/… start`.'),
  notSeated: () =>
    renderRefusal('You are not seated at this table.', 'Press **Join** while the table is in its lobby.'),
  alreadySeated: () => renderRefusal('You are already seated at this table.'),
  tableFull: (max: number) => renderRefusal(`The table is full (${max} players).`),
  notInLobby: () => renderRefusal('The game has already started.', 'Wait for the next table, or watch this one.'),
  tooFewPlayers: (have: number, min: number) =>
    renderRefusal(`The table needs at least ${min} players to start; ${have} seated.`, 'Ask others to press **Join**.'),
  notCreator: () => renderRefusal("Only the table's creator or someone with Manage Server can do that."),
  notYourTurn: () =>
    renderRefusal(
      'It is not your turn.',
      'The table message shows whose turn it is; the bot pings you when it is yours.',
    ),
  stale: () =>
    renderRefusal('Those buttons are out of date: the game has moved on.', 'Press **Your hand** for fresh ones.'),
  illegal: (ruleMessage: string) => renderRefusal(ruleMessage, 'Press **Your hand** to see your moves.'),
  notEnoughChips: (need: number, have: number) =>
    renderRefusal(
      `You need ${formatNumber(need)} chips for that; you have ${formatNumber(have)}.`,
      'Claim `/chips daily` or ask for a grant.',
    ),
  dailyTaken: (nextAt: number) => renderRefusal(`You already claimed your daily chips. Next ${relativeTime(nextAt)}.`),
  badOption: (what: string) => renderRefusal(`That option is out of range: ${what}.`),
  somethingWrong: () =>
    renderRefusal('Something went wrong on our side; nothing was changed.', 'Please try again in a moment.'),
} as const

/** What an old public table message becomes when the bot posts a fresh one further down. */
export function renderRetiredTableMessage(newMessageUrl: string): Payload {
  return {
    content: `This table moved ↓ ${newMessageUrl}`,
    embeds: [],
    components: [],
    allowedMentions: NO_PINGS,
  }
}
