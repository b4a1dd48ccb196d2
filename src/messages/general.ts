import type { Lang } from '../i18n/index.js'
import { button, buttonRows, clip, COLOURS, ephemeral, NO_PINGS, type Payload } from '../render/payload.js'
import { mention, relativeTime } from '../render/markup.js'
import { chipGamesText, gameModule, gameModules, stakesText } from '../games/registry.js'
import type { GameRules } from '../render/rules-text.js'
import { rulesPageId } from '../render/custom-id.js'
import type { GuildSettingsValue } from '../store/index.js'
import type { APIEmbed, APIEmbedField } from 'discord.js'

/** Payloads that do not depend on a game state: rules, help, leaderboards, balances, settings. */

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
export function renderRules(game: string, lang: Lang, page = 0): Payload {
  const module = gameModule(game)
  if (!module) throw new Error(`no game module for game ${game}`)
  const rules = module.rulesIn(lang)
  const pages = rulesPages(rules)
  const at = Math.max(0, Math.min(page, pages.length - 1))
  const embed: APIEmbed = {
    title:
      pages.length > 1
        ? lang.t('rules:page.titlePaged', { game: rules.title, page: at + 1, pages: pages.length })
        : lang.t('rules:page.title', { game: rules.title }),
    description: rules.tagline,
    color: COLOURS.info,
    fields: pages[at]!,
  }
  // Only buttons that lead somewhere, so custom_ids stay unique and nothing is a dead end.
  const nav = [
    ...(at > 0 ? [button(rulesPageId(game, at - 1), lang.t('rules:page.previous'))] : []),
    ...(at < pages.length - 1 ? [button(rulesPageId(game, at + 1), lang.t('rules:page.next'))] : []),
  ]
  return ephemeral({ embeds: [embed], components: buttonRows(nav) })
}

/** `/help`: what the bot does and every command, briefly. */
export function renderHelp(lang: Lang): Payload {
  const { t } = lang
  const games = gameModules().map((m) => m.engine.id)
  const lines = games.map((g) => `**${rulesOf(g).title}** — ${rulesOf(g).tagline}`)
  const each = (key: 'messages:help.startCommand' | 'messages:help.rulesCommand') =>
    games.map((game) => t(key, { game })).join(', ')
  const embed: APIEmbed = {
    title: t('messages:help.title'),
    color: COLOURS.info,
    description: `${t('messages:help.intro')}\n\n${lines.join('\n')}`,
    fields: [
      {
        name: t('messages:help.startName'),
        value: t('messages:help.start', { commands: each('messages:help.startCommand') }),
      },
      { name: t('messages:help.playingName'), value: t('messages:help.playing') },
      { name: t('messages:help.tablesName'), value: t('messages:help.tables') },
      { name: t('messages:help.chipsName'), value: t('messages:help.chips') },
      { name: t('messages:help.settingsName'), value: t('messages:help.settings') },
      {
        name: t('messages:help.rulesName'),
        value: t('messages:help.rules', { commands: each('messages:help.rulesCommand') }),
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
  /** Skill boards: the rating is provisional (fewer than ten rated results). */
  readonly provisional?: boolean
}

export interface LeaderboardOptions {
  readonly game?: string | null
  /** What `value` means (said in the board's language). */
  readonly unit: 'chips' | 'wins' | 'netChips' | 'points' | 'rating'
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
export function renderLeaderboard(lang: Lang, entries: readonly LeaderboardEntry[], opts: LeaderboardOptions): Payload {
  const { t } = lang
  const name = opts.game ? rulesOf(opts.game).title : t('messages:leaderboard.allGames')
  const unit = t(`messages:leaderboard.units.${opts.unit}`)
  const top = entries.slice(0, 25)
  const lines = top.map((e, i) => {
    const place = MEDALS[i] ?? `**${i + 1}.**`
    const extra = [
      e.games !== undefined ? t('messages:leaderboard.games', { count: e.games }) : null,
      e.wins !== undefined ? t('messages:leaderboard.won', { count: e.wins }) : null,
      e.points !== undefined
        ? t('messages:leaderboard.points', { count: e.points, points: lang.number(e.points) })
        : null,
      e.provisional ? t('messages:leaderboard.provisional') : null,
    ]
      .filter(Boolean)
      .join(', ')
    const me = opts.viewer?.userId === e.userId ? t('messages:leaderboard.you') : ''
    return `${place} ${mention(e.userId)} — **${lang.number(e.value)}** ${unit}${extra ? ` (${extra})` : ''}${me}`
  })
  const v = opts.viewer
  if (v && !top.some((e) => e.userId === v.userId)) {
    if (v.rank !== null && v.value !== null)
      lines.push(
        `…\n**${v.rank}.** ${mention(v.userId)} — **${lang.number(v.value)}** ${unit}${t('messages:leaderboard.you')}`,
      )
    // Said to the viewer alone: in the channel it would read as addressed to everyone.
    else if (opts.private && top.length) lines.push(t('messages:leaderboard.notOnBoard'))
  }
  const embed: APIEmbed = {
    title: clip(opts.title ?? t('messages:leaderboard.title', { name }), 256),
    color: COLOURS.info,
    description: clip(
      [opts.about, lines.length ? lines.join('\n') : t('messages:leaderboard.empty')].filter(Boolean).join('\n\n'),
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
export function renderBalance(lang: Lang, info: BalanceInfo, headline?: string): Payload {
  const { t } = lang
  const lines = [
    t('messages:balance.has', {
      count: info.balance,
      member: mention(info.userId),
      balance: lang.number(info.balance),
    }),
  ]
  if (info.atTables) lines.push(t('messages:balance.atTables', { chips: lang.number(info.atTables) }))
  if (info.nextDailyAt !== undefined) {
    lines.push(
      info.nextDailyAt === null
        ? t('messages:balance.dailyReady')
        : t('messages:balance.dailyNext', { when: relativeTime(info.nextDailyAt) }),
    )
  }
  return ephemeral({
    embeds: [
      { title: clip(headline ?? t('messages:balance.title'), 256), color: COLOURS.info, description: lines.join('\n') },
    ],
  })
}

/** A server's settings, as `/settings show` and `/settings set` answer (`changed`: after a change). */
export function renderSettings(lang: Lang, settings: GuildSettingsValue, changed = false): Payload {
  const { t } = lang
  const onOff = (on: boolean, yes: string, no: string) => (on ? yes : no)
  const fields: APIEmbedField[] = [
    {
      name: t('messages:settings.startingChipsName'),
      value: t('messages:settings.startingChips', { chips: lang.number(settings.startingGrant) }),
    },
    {
      name: t('messages:settings.dailyChipsName'),
      value: t('messages:settings.dailyChips', { chips: lang.number(settings.dailyAmount) }),
    },
    {
      name: t('messages:settings.turnTimeName'),
      value: t('messages:settings.turnTime', { time: lang.duration(settings.turnMs) }),
    },
    {
      name: t('messages:settings.stakesName'),
      value: t('messages:settings.stakes', { stakes: stakesText(lang), amount: lang.number(settings.defaultStakes) }),
    },
    {
      name: t('messages:settings.buyInName'),
      value: t('messages:settings.buyIn', { chips: lang.number(settings.defaultBuyIn), games: chipGamesText(lang) }),
    },
    {
      name: t('messages:settings.imagesName'),
      value: onOff(settings.images, t('messages:settings.imagesOn'), t('messages:settings.imagesOff')),
    },
    {
      name: t('messages:settings.emojisName'),
      value: onOff(settings.emojis, t('messages:settings.emojisOn'), t('messages:settings.emojisOff')),
    },
    {
      name: t('messages:settings.channelsName'),
      value: settings.tableChannels.length
        ? settings.tableChannels.map((c) => `<#${c}>`).join(' ')
        : t('messages:settings.channelsAny'),
    },
    {
      name: t('messages:settings.threadsName'),
      value: onOff(settings.threads, t('messages:settings.threadsOn'), t('messages:settings.threadsOff')),
    },
    {
      name: t('messages:settings.languageName'),
      value: settings.language
        ? t('messages:settings.languageChosen', { language: t(`language.${settings.language}`) })
        : t('messages:settings.languageAuto'),
    },
  ]
  return ephemeral({
    embeds: [
      {
        title: changed ? t('messages:settings.changed') : t('messages:settings.title'),
        color: COLOURS.info,
        fields: fields.map((f) => ({ ...f, inline: true })),
        footer: { text: t('messages:settings.footer') },
      },
    ],
  })
}
