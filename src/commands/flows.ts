import type { Lang, Locale } from '../i18n/index.js'
import {
  MessageFlags,
  PermissionFlagsBits,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type RepliableInteraction,
  type StringSelectMenuInteraction,
} from 'discord.js'
import type { Outcome } from '../games/core/engine.js'
import { engineFor } from '../games/registry.js'
import { gameModule } from '../registry.js'
import type { TableEvent, TableSnapshot, TableUpdate } from '../tables/index.js'
import type { SettingsPatch, WalletInfo } from '../store/index.js'
import { moveAction, type Move } from '../render/custom-id.js'
import { ephemeral, forUpdate, type Payload } from '../render/payload.js'
import { chips } from '../render/format.js'
import { REFUSALS } from '../messages/refusals.js'
import {
  renderBalance,
  renderHelp,
  renderLeaderboard,
  renderRules,
  renderSettings,
  type BalanceInfo,
} from '../messages/general.js'
import { renderRefusal } from '../render/refusals.js'
import { renderHandView, renderLeaveQuestion, renderMoveQuestion } from '../messages/hand-view.js'
import { renderTableMessage } from '../messages/table-message.js'
import { moveToken } from '../games/core/move-context.js'
import { leaveToken } from '../tables/leave-token.js'
import { actionForLog } from '../lib/log.js'
import { parseAgreedEnd, parseTurnDeadline } from './duration-options.js'
import type { BotContext } from './context.js'
import type { Showing } from '../discord/desk.js'
import { keepUploaded } from '../render/images/attach.js'
import { withHandEmojis, withHandPicture, withTablePicture } from '../discord/pictures.js'
import { withCardEmojiText } from '../render/emojis.js'
import { gameChoices, isGame } from './games.js'
import { memberLang, serverLang } from '../discord/lang.js'
import { commandPlace, openTableThread, type TablePlace } from '../discord/table-thread.js'
import { refusalText } from '../render/refusals.js'
import { startedAnswer, timelyAnswer } from '../discord/timely-answer.js'
import { inTurn } from './in-turn.js'

type Component = ButtonInteraction | StringSelectMenuInteraction

/** Sends a payload as the answer: the handler's timely answer, into the deferred reply, or a fresh private reply. */
export async function say(interaction: RepliableInteraction, payload: Payload): Promise<void> {
  const answer = startedAnswer(interaction)
  if (answer) await answer.send(payload)
  else if (interaction.deferred || interaction.replied) await interaction.editReply(forUpdate(payload))
  else await interaction.reply({ ...payload, flags: MessageFlags.Ephemeral })
}

/**
 * Starts a private answer: the reply itself when ready within 2 s, else deferred ("thinking")
 * then edited in (TimelyAnswer); `say` sends it.
 */
export function answerPrivately(interaction: RepliableInteraction): void {
  timelyAnswer(interaction)
}

async function sayRefusal(interaction: RepliableInteraction, message: string): Promise<void> {
  await say(interaction, renderRefusal(message))
}

/** Server admins: chip grants, settings, and any table. */
function managesServer(interaction: RepliableInteraction): boolean {
  return interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) === true
}

/** The creator of a table, or anyone with Manage Server, runs it. */
function mayManage(interaction: RepliableInteraction, table: TableSnapshot): boolean {
  return table.creatorId === interaction.user.id || managesServer(interaction)
}

export async function tableHere(ctx: BotContext, interaction: RepliableInteraction): Promise<TableSnapshot | null> {
  const table = await ctx.tables.inChannel(interaction.guildId!, interaction.channelId!)
  if (!table) await say(interaction, REFUSALS.noTable(memberLang(interaction)))
  return table
}

/** Shows a change made by the table service, or says why it was refused. True when it changed. */
export async function settle(
  ctx: BotContext,
  interaction: RepliableInteraction,
  result: Outcome<TableUpdate>,
  done: string,
): Promise<boolean> {
  if (!result.ok) {
    await sayRefusal(interaction, refusalText(result.error, memberLang(interaction)))
    return false
  }
  // The table message and pings first: when the user reads the answer, the channel shows it too.
  await ctx.desk.showThenAnswer(result.value, () => say(interaction, { content: done }))
  return !result.value.duplicate
}

/** Why a typed duration (a turn deadline, an agreed end) was not taken. */
function durationRefusal(t: Lang['t'], reason: 'format' | 'range', what: 'turn' | 'end', text: string): string {
  if (reason === 'format') return t('commands:replies.duration.format', { text })
  return what === 'turn' ? t('commands:replies.duration.turnRange') : t('commands:replies.duration.endRange')
}

export interface StartRequest {
  readonly game: string
  readonly options: Record<string, unknown>
  readonly deadline: string | null
  readonly buyIn: number | null
  /** Bura and Badugi: the agreed end, a duration from now (`2h`, `3d`). */
  readonly ends: string | null
  /** Bura and Badugi: minutes between two games (0 .. 60). */
  readonly breakMinutes: number | null
}

export async function startTable(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
  req: StartRequest,
): Promise<void> {
  answerPrivately(interaction)
  const lang = memberLang(interaction)
  const { t } = lang
  const engine = engineFor(req.game)
  if (!engine) return sayRefusal(interaction, t('commands:replies.start.unavailable', { game: req.game }))
  let turnSeconds: number | undefined
  if (req.deadline !== null) {
    const parsed = parseTurnDeadline(req.deadline)
    if (!parsed.ok) return sayRefusal(interaction, durationRefusal(t, parsed.reason, 'turn', req.deadline))
    turnSeconds = parsed.ms / 1000
  }
  let endsInMs: number | undefined
  if (req.ends !== null) {
    const parsed = parseAgreedEnd(req.ends)
    if (!parsed.ok) return sayRefusal(interaction, durationRefusal(t, parsed.reason, 'end', req.ends))
    endsInMs = parsed.ms
  }
  const input = {
    guildId: interaction.guildId!,
    game: req.game,
    creatorId: interaction.user.id,
    options: req.options,
    ...(turnSeconds !== undefined ? { turnSeconds } : {}),
    ...(req.buyIn !== null ? { buyIn: req.buyIn } : {}),
    ...(endsInMs !== undefined ? { endsInMs } : {}),
    ...(req.breakMinutes !== null ? { breakSeconds: req.breakMinutes * 60 } : {}),
  }
  const here = commandPlace(interaction)
  let place: TablePlace = here
  // In a thread already, the table opens there: Discord has no threads in threads.
  if (here.parentId === undefined && (await ctx.tables.settings(input.guildId)).threads) {
    // Refusals first, so that a table refused leaves no empty thread behind.
    const checked = await ctx.tables.check({ ...input, channelId: here.channelId })
    if (!checked.ok) return sayRefusal(interaction, refusalText(checked.error, lang))
    const publicLang = await serverLang(ctx, input.guildId, interaction.guildLocale)
    place = await openTableThread(interaction, engine.title, ctx.log, publicLang)
  }
  const result = await ctx.tables.create({
    ...input,
    channelId: place.channelId,
    ...('parentId' in place && place.parentId !== undefined ? { parentId: place.parentId } : {}),
  })
  if (!result.ok) return sayRefusal(interaction, refusalText(result.error, lang))
  const table = result.value.table
  ctx.log.info({ tableId: table.id, game: table.game, guildId: table.guildId }, 'table created')
  const opened = { game: engine.title, how: t('commands:replies.start.how') }
  await ctx.desk.showThenAnswer(result.value, () =>
    say(interaction, {
      content:
        place.kind === 'thread'
          ? t('commands:replies.start.inThread', { ...opened, channel: place.channelId })
          : place.kind === 'fallback'
            ? t('commands:replies.start.fallback', { ...opened, reason: t(`commands:replies.thread.${place.reason}`) })
            : t('commands:replies.start.open', opened),
    }),
  )
}

/**
 * A click asking for what already happened (Join when seated, Next game once it is dealt) is
 * answered with the user's current view under a note, not refused.
 */
async function sayAlreadyDone(ctx: BotContext, interaction: Component, tableId: string, note: string): Promise<void> {
  const table = await ctx.tables.get(tableId)
  if (!table) return say(interaction, REFUSALS.tableGone(memberLang(interaction)))
  const view = await handView(ctx, table, interaction.user.id, memberLang(interaction))
  await say(interaction, { ...view, content: view.content ? `${note}\n${view.content}` : note })
}

export async function joinTable(ctx: BotContext, interaction: Component, tableId: string): Promise<void> {
  answerPrivately(interaction)
  const result = await ctx.tables.join(tableId, interaction.user.id, { interactionId: interaction.id })
  const lang = memberLang(interaction)
  if (!result.ok && result.error.code === 'already-seated')
    return sayAlreadyDone(ctx, interaction, tableId, lang.t('commands:replies.join.alreadySitting'))
  if (
    await settle(ctx, interaction, result, result.ok ? joinedText(lang, result.value.table, interaction.user.id) : '')
  )
    ctx.log.info({ tableId }, 'joined')
}

/** The answer to a join: when the newcomer plays, with the chips they brought. */
function joinedText({ t }: Lang, table: TableSnapshot, userId: string): string {
  if (table.status === 'lobby') return t('commands:replies.join.lobby')
  // Games dealt in hands (Badugi) say "hand": the texts have a `_hand` form.
  const context = gameModule(table.game)?.rules.gameWord
  const stack = table.seats.find((s) => s.userId === userId)?.stack ?? 0
  const number = table.gamesPlayed + (table.progress === 'acting' ? 2 : 1)
  const when =
    table.progress === 'acting'
      ? t('commands:replies.join.whenActing', { number, context })
      : t('commands:replies.join.whenBetween', { number, context })
  return t('commands:replies.join.sitDown', { chips: stack, when })
}

/** The Rebuy button: a cash-table player tops their stack up from their balance, up to the buy-in. */
export async function rebuyAtTable(ctx: BotContext, interaction: Component, tableId: string): Promise<void> {
  answerPrivately(interaction)
  const result = await ctx.tables.rebuy(tableId, interaction.user.id, { interactionId: interaction.id })
  const stack = result.ok ? (result.value.table.seats.find((s) => s.userId === interaction.user.id)?.stack ?? 0) : 0
  if (await settle(ctx, interaction, result, memberLang(interaction).t('commands:replies.rebuy', { chips: stack })))
    ctx.log.info({ tableId }, 'rebuy')
}

/** Leaving a game in progress is asked once more; anywhere else (lobby, between games) it is at once. */
function needsLeaveQuestion(table: TableSnapshot, userId: string): boolean {
  const seat = table.seats.find((s) => s.userId === userId)
  return (
    table.status === 'playing' &&
    table.progress === 'acting' &&
    seat !== undefined &&
    seat.status === 'seated' &&
    seat.position !== null
  )
}

async function leave(
  ctx: BotContext,
  interaction: RepliableInteraction,
  tableId: string,
  token?: string,
): Promise<void> {
  const lang = memberLang(interaction)
  const { t } = lang
  if (token === undefined) {
    const table = await ctx.tables.get(tableId)
    if (table && needsLeaveQuestion(table, interaction.user.id))
      return say(interaction, renderLeaveQuestion(lang, table, leaveToken(table)))
  }
  const result = await ctx.tables.leave(tableId, interaction.user.id, {
    interactionId: interaction.id,
    ...(token !== undefined ? { expectedToken: token } : {}),
  })
  if (!result.ok && result.error.code === 'stale') return sayRefusal(interaction, t('commands:replies.leave.stale'))
  // Only a confirmed question leaves a game in progress; otherwise (lobby, between games) the
  // seat is gone at once, with whatever chips it held paid out.
  const left = result.ok
    ? result.value.tableEvents.find(
        (e): e is Extract<TableEvent, { type: 'left' }> => e.type === 'left' && e.userId === interaction.user.id,
      )
    : undefined
  const paid = left?.cashedOut ?? 0
  const done =
    token !== undefined
      ? t('commands:replies.leave.playing')
      : paid > 0
        ? t('commands:replies.leave.paidOut', { chips: chips(paid, lang) })
        : t('commands:replies.leave.done')
  if (await settle(ctx, interaction, result, done)) ctx.log.info({ tableId }, 'left')
}

/** The Leave button (asks first mid-game), or with `token` the question's "Leave the game" button. */
export async function leaveByButton(
  ctx: BotContext,
  interaction: Component,
  tableId: string,
  token?: string,
): Promise<void> {
  answerPrivately(interaction)
  await leave(ctx, interaction, tableId, token)
}

export async function leaveTable(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  answerPrivately(interaction)
  const table = await tableHere(ctx, interaction)
  if (table) await leave(ctx, interaction, table.id)
}

/** The Start button: starts the game from the lobby, or deals the next Bura/Badugi game. */
export async function startGame(ctx: BotContext, interaction: Component, tableId: string): Promise<void> {
  answerPrivately(interaction)
  const lang = memberLang(interaction)
  const { t } = lang
  const table = await ctx.tables.get(tableId)
  if (!table || table.status === 'finished' || table.status === 'aborted')
    return say(interaction, REFUSALS.tableGone(lang))
  if (table.status === 'playing') {
    const next = await ctx.tables.nextDeal(tableId, { userId: interaction.user.id, interactionId: interaction.id })
    // Someone dealt it first (or the game was never over): what the user wanted is there.
    if (!next.ok && next.error.code === 'not-between-games')
      return sayAlreadyDone(
        ctx,
        interaction,
        tableId,
        table.gamesPlayed === 0 ? t('commands:replies.deal.alreadyStarted') : t('commands:replies.deal.alreadyDealt'),
      )
    if (await settle(ctx, interaction, next, t('commands:replies.deal.dealt'))) ctx.log.info({ tableId }, 'next game')
    return
  }
  if (!mayManage(interaction, table)) return say(interaction, REFUSALS.notCreator(lang))
  const result = await ctx.tables.start(tableId, { interactionId: interaction.id })
  if (!result.ok && result.error.code === 'not-lobby')
    return sayAlreadyDone(ctx, interaction, tableId, t('commands:replies.deal.alreadyStarted'))
  if (await settle(ctx, interaction, result, t('commands:replies.deal.started'))) {
    ctx.log.info({ tableId }, 'game started')
  }
}

export async function endTable(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  answerPrivately(interaction)
  const table = await tableHere(ctx, interaction)
  if (!table) return
  const lang = memberLang(interaction)
  if (!mayManage(interaction, table)) return say(interaction, REFUSALS.notCreator(lang))
  const result = await ctx.tables.end(table.id)
  // Bugami is played for points: its closing words say nothing of chips.
  const done = engineFor(table.game)?.usesChips
    ? lang.t('commands:replies.end.chips')
    : lang.t('commands:replies.end.done')
  if (await settle(ctx, interaction, result, done)) {
    ctx.log.info({ tableId: table.id }, 'table ended')
  }
}

export async function kickPlayer(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
  userId: string,
): Promise<void> {
  answerPrivately(interaction)
  const table = await tableHere(ctx, interaction)
  if (!table) return
  const lang = memberLang(interaction)
  if (!mayManage(interaction, table)) return say(interaction, REFUSALS.notCreator(lang))
  const result = await ctx.tables.leave(table.id, userId, { interactionId: interaction.id, by: interaction.user.id })
  if (await settle(ctx, interaction, result, lang.t('commands:replies.kicked', { member: `<@${userId}>` })))
    ctx.log.info({ tableId: table.id }, 'player removed')
}

export async function tableStatus(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  answerPrivately(interaction)
  const table = await tableHere(ctx, interaction)
  // The public view, privately: without buttons, which belong on the table message itself.
  if (!table) return
  const lang = memberLang(interaction)
  const text = ephemeral({
    ...renderTableMessage(
      lang,
      table,
      ctx.clock.now(),
      await ctx.desk.recent(table),
      await ctx.desk.previousResult(lang, table),
    ),
    components: [],
  })
  const { images, emojis } = await ctx.tables.settings(table.guildId)
  await say(
    interaction,
    await withTablePicture(
      lang,
      ctx.client,
      table,
      withCardEmojiText(text, emojis ? ctx.emojis(lang.locale) : null),
      images,
    ),
  )
}

/** A user's private view, with their hand's picture and card emojis as the server has them on. */
async function handView(ctx: BotContext, table: TableSnapshot, userId: string, lang: Lang): Promise<Payload> {
  const [{ images, emojis }, automatic] = await Promise.all([
    ctx.tables.settings(table.guildId),
    ctx.tables.lastMoveAutomatic(table.id, userId),
  ])
  const text = withHandEmojis(
    renderHandView(lang, table, userId, ctx.clock.now(), automatic),
    emojis ? ctx.emojis(lang.locale) : null,
  )
  return withHandPicture(lang, ctx.client, table, userId, text, images)
}

/** The private view redrawn in place: a picture the view already shows is not uploaded again. */
function inPlace(interaction: Component, p: Payload): Payload {
  return keepUploaded(
    p,
    interaction.message.attachments.map((a) => a.name),
  )
}

/** Whether a component sits on a private (ephemeral) message, which it then updates in place. */
function onPrivateMessage(interaction: RepliableInteraction): interaction is Component {
  return (
    (interaction.isButton() || interaction.isStringSelectMenu()) &&
    interaction.message.flags.has(MessageFlags.Ephemeral)
  )
}

/**
 * `/hand` (tableId null: the table in this channel) and the "Your hand" button; on a private view
 * (↻ Refresh, a question's Cancel) the view is redrawn in place.
 */
export async function showHand(
  ctx: BotContext,
  interaction: RepliableInteraction,
  tableId: string | null,
): Promise<void> {
  const inView = onPrivateMessage(interaction)
  timelyAnswer(interaction, inView)
  const view = await inTurn(async () => {
    const table = tableId === null ? await tableHere(ctx, interaction) : await ctx.tables.get(tableId)
    return table && handView(ctx, table, interaction.user.id, memberLang(interaction))
  })
  if (!view) return tableId === null ? undefined : say(interaction, REFUSALS.tableGone(memberLang(interaction)))
  await say(interaction, inView ? inPlace(interaction, view) : view)
}

/**
 * The first click of a confirmed move (Declare 31): the question, in place of the private view,
 * while the move still means what the view showed; otherwise refused like a stale move.
 */
export async function askMove(
  ctx: BotContext,
  interaction: Component,
  tableId: string,
  token: string,
  type: string,
): Promise<void> {
  const inView = onPrivateMessage(interaction)
  timelyAnswer(interaction, inView)
  const table = await inTurn(() => ctx.tables.get(tableId))
  const lang = memberLang(interaction)
  if (!table || table.status !== 'playing')
    return refuseMove(ctx, interaction, inView, tableId, REFUSALS.tableGone(lang))
  const engine = engineFor(table.game)
  const seat = table.seats.find((s) => s.userId === interaction.user.id)
  const current =
    engine && seat !== undefined && seat.position !== null && seat.status === 'seated'
      ? moveToken(engine, table.state, table.gamesPlayed, seat.position, type)
      : null
  const asked = current === token ? renderMoveQuestion(lang, table, interaction.user.id, token, type) : null
  if (!asked) return refuseMove(ctx, interaction, inView, tableId, REFUSALS.stale(lang))
  await say(interaction, inView ? inPlace(interaction, asked) : asked)
}

/**
 * A move from a player's private view. The control carries its move's context token, so a control
 * whose move changed meaning (or a second click after the first applied) is refused by the
 * service and changes nothing, while other players' unrelated moves leave it good.
 */
export async function playMove(
  ctx: BotContext,
  interaction: Component,
  tableId: string,
  token: string,
  move: Move,
  values: readonly string[],
): Promise<void> {
  // A control on the private view updates that view in place; anywhere else the answer is private.
  const onPrivateView = interaction.message.flags.has(MessageFlags.Ephemeral)
  timelyAnswer(interaction, onPrivateView)
  const userId = interaction.user.id
  const lang = memberLang(interaction)
  const made = await inTurn(async (): Promise<{ refusal: Payload } | { showing: Showing; view: Payload }> => {
    const table = await ctx.tables.get(tableId)
    if (!table || table.status !== 'playing') return { refusal: REFUSALS.tableGone(lang) }
    const action = moveAction(move, values)
    if (!action) return { refusal: REFUSALS.illegal(lang, lang.t('commands:replies.notCards')) }
    const result = await ctx.tables.act(tableId, userId, action, {
      interactionId: interaction.id,
      expectedToken: token,
    })
    if (!result.ok)
      return {
        refusal:
          result.error.code === 'stale'
            ? REFUSALS.stale(lang)
            : await refusalNamingCards(ctx, table.guildId, lang, refusalText(result.error, lang)),
      }
    if (!result.value.duplicate) {
      const seat = result.value.table.seats.find((s) => s.userId === userId)?.position ?? null
      ctx.log.info({ tableId, seat, action: actionForLog(action), version: result.value.table.version }, 'move')
    }
    // The change is shown in the channel while the view is drawn.
    const showing = ctx.desk.startShowing(result.value)
    return { showing, view: await handView(ctx, result.value.table, userId, lang) }
  })
  if ('refusal' in made) return refuseMove(ctx, interaction, onPrivateView, tableId, made.refusal)
  // The answer is one UPDATE_MESSAGE of the view.
  await ctx.desk.answerWhenShown(made.showing, () =>
    say(interaction, onPrivateView ? inPlace(interaction, made.view) : made.view),
  )
}

/** A move's refusal, which may name cards ("K♦ is not in your hand"): with their emojis when the server shows them. */
async function refusalNamingCards(ctx: BotContext, guildId: string, lang: Lang, text: string): Promise<Payload> {
  const { emojis } = await ctx.tables.settings(guildId)
  return withCardEmojiText(renderRefusal(text), emojis ? ctx.emojis(lang.locale) : null)
}

/** A refused move: the refusal privately, and a private view redrawn to the current state. */
async function refuseMove(
  ctx: BotContext,
  interaction: Component,
  onPrivateView: boolean,
  tableId: string,
  refusal: Payload,
): Promise<void> {
  if (!onPrivateView) return say(interaction, refusal)
  // The refusal as a note of its own, and the view redrawn under it.
  await timelyAnswer(interaction).defer()
  await interaction.followUp({ ...refusal, flags: MessageFlags.Ephemeral })
  const table = await ctx.tables.get(tableId)
  if (table)
    await interaction.editReply(
      forUpdate(inPlace(interaction, await handView(ctx, table, interaction.user.id, memberLang(interaction)))),
    )
}

/** A wallet as the balance message shows it: a daily claim due now reads as "ready". */
function balanceInfo(ctx: BotContext, wallet: WalletInfo & { atTables?: number }): BalanceInfo {
  const nextDailyAt = wallet.nextDailyAt > ctx.clock.now() ? wallet.nextDailyAt : null
  return {
    userId: wallet.userId,
    balance: wallet.balance,
    nextDailyAt,
    ...(wallet.atTables ? { atTables: wallet.atTables } : {}),
  }
}

export async function chipsBalance(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
  userId: string,
): Promise<void> {
  answerPrivately(interaction)
  const wallet = await ctx.tables.wallet(interaction.guildId!, userId)
  await say(interaction, renderBalance(memberLang(interaction), balanceInfo(ctx, wallet)))
}

export async function chipsDaily(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  answerPrivately(interaction)
  const lang = memberLang(interaction)
  const result = await ctx.tables.claimDaily(interaction.guildId!, interaction.user.id)
  if (!result.ok) return sayRefusal(interaction, refusalText(result.error, lang))
  ctx.log.info({ guildId: interaction.guildId, amount: result.value.claimed }, 'daily claimed')
  const headline = lang.t('messages:balance.dailyClaimed', { chips: lang.number(result.value.claimed) })
  await say(interaction, renderBalance(lang, balanceInfo(ctx, result.value), headline))
}

export async function chipsGrant(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
  userId: string,
  amount: number,
): Promise<void> {
  answerPrivately(interaction)
  const lang = memberLang(interaction)
  if (!managesServer(interaction)) return sayRefusal(interaction, lang.t('commands:replies.grantRefused'))
  const result = await ctx.tables.grant(interaction.guildId!, userId, amount, interaction.user.id)
  if (!result.ok) return sayRefusal(interaction, refusalText(result.error, lang))
  ctx.log.info({ guildId: interaction.guildId, amount }, 'chips granted')
  const headline = lang.t('messages:balance.granted', { chips: lang.number(amount) })
  await say(interaction, renderBalance(lang, balanceInfo(ctx, result.value), headline))
}

export async function showSettings(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  await say(interaction, renderSettings(memberLang(interaction), await ctx.tables.settings(interaction.guildId!)))
}

/** What `/settings set` was given, as the store's patch; the turn time is typed like a table's deadline. */
export interface SettingsRequest {
  readonly startingGrant: number | null
  readonly dailyAmount: number | null
  readonly turnTime: string | null
  readonly stakes: number | null
  readonly buyIn: number | null
  readonly images: boolean | null
  readonly emojis: boolean | null
  /** Channel mentions (`<#id>`), or "all" for any channel. */
  readonly channels: string | null
  readonly threads: boolean | null
  /** A language of the bot, or 'auto' (the server's Discord locale). */
  readonly language: Locale | 'auto' | null
}

/** `/settings set channels`: "all" (any channel), or the channels mentioned; null when neither. */
export function parseChannels(text: string): string[] | null {
  if (/^\s*(all|any|alle)\s*$/i.test(text)) return []
  const ids = [...text.matchAll(/<#(\d{1,20})>|\b(\d{15,20})\b/g)].map((m) => m[1] ?? m[2]!)
  return ids.length ? [...new Set(ids)] : null
}

export async function changeSettings(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
  req: SettingsRequest,
): Promise<void> {
  answerPrivately(interaction)
  const lang = memberLang(interaction)
  if (!managesServer(interaction)) return sayRefusal(interaction, lang.t('commands:replies.settings.refused'))
  const patch: { -readonly [K in keyof SettingsPatch]: SettingsPatch[K] } = {}
  if (req.startingGrant !== null) patch.startingGrant = req.startingGrant
  if (req.dailyAmount !== null) patch.dailyAmount = req.dailyAmount
  if (req.stakes !== null) patch.defaultStakes = req.stakes
  if (req.buyIn !== null) patch.defaultBuyIn = req.buyIn
  if (req.images !== null) patch.images = req.images
  if (req.emojis !== null) patch.emojis = req.emojis
  if (req.threads !== null) patch.threads = req.threads
  if (req.language !== null) patch.language = req.language === 'auto' ? null : req.language
  if (req.channels !== null) {
    const ids = parseChannels(req.channels)
    if (!ids) return sayRefusal(interaction, lang.t('commands:replies.settings.channels'))
    patch.tableChannels = ids
  }
  if (req.turnTime !== null) {
    const parsed = parseTurnDeadline(req.turnTime)
    if (!parsed.ok) return sayRefusal(interaction, durationRefusal(lang.t, parsed.reason, 'turn', req.turnTime))
    patch.turnMs = parsed.ms
  }
  if (Object.keys(patch).length === 0) return sayRefusal(interaction, lang.t('commands:replies.settings.nothing'))
  const result = await ctx.tables.updateSettings(interaction.guildId!, patch)
  if (!result.ok) return sayRefusal(interaction, refusalText(result.error, lang))
  ctx.log.info({ guildId: interaction.guildId, changed: Object.keys(patch) }, 'settings changed')
  await say(interaction, renderSettings(lang, result.value, true))
}

export async function showLeaderboard(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
  game: string | null,
  privately: boolean,
): Promise<void> {
  await interaction.deferReply(privately ? { flags: MessageFlags.Ephemeral } : {})
  const which = isGame(game) ? game : null
  const board = await ctx.tables.leaderboard(interaction.guildId!, which, interaction.user.id)
  // A board shown to the channel speaks the server's language; a private one the asker's.
  const lang = privately
    ? memberLang(interaction)
    : await serverLang(ctx, interaction.guildId!, interaction.guildLocale)
  await say(
    interaction,
    renderLeaderboard(lang, board.entries, {
      game: which,
      unit: board.unit,
      viewer: board.viewer,
      private: privately,
      ...boardWords(lang, board.board, which === null ? '' : (engineFor(which)?.title ?? which)),
    }),
  )
}

/** What a board ranks by, in its title and first line: the chips board is wealth, not winnings. */
function boardWords(
  { t }: Lang,
  board: 'chips' | 'wins' | 'netChips' | 'points',
  game: string,
): { title?: string; about: string } {
  switch (board) {
    case 'chips':
      return { title: t('messages:leaderboard.richestTitle'), about: t('messages:leaderboard.richestAbout') }
    case 'points':
      return { about: t('messages:leaderboard.pointsAbout', { game }) }
    case 'netChips':
      return { about: t('messages:leaderboard.netChipsAbout', { game }) }
    case 'wins':
      return { about: t('messages:leaderboard.winsAbout', { game }) }
  }
}

export async function showRules(_ctx: BotContext, interaction: RepliableInteraction, game: string): Promise<void> {
  const lang = memberLang(interaction)
  if (!isGame(game))
    return sayRefusal(
      interaction,
      lang.t('commands:replies.rulesOf', { games: lang.list(gameChoices().map((c) => c.value)) }),
    )
  await say(interaction, renderRules(game, lang))
}

export async function showHelp(_ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  await say(interaction, renderHelp(memberLang(interaction)))
}
