import { SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js'
import { engineFor } from '../games/registry.js'
import type { AnyGameModule } from '../render/game-module.js'
import { refusalText } from '../render/refusals.js'
import { renderRefusal } from '../render/refusals.js'
import { memberLang, serverLang } from '../discord/lang.js'
import { answer, startAnswer } from '../discord/private-answer.js'
import { commandPlace, openTableThread, type TablePlace } from '../discord/table-thread.js'
import type { BotContext } from './context.js'
import type { Command } from './types.js'
import { described, hasSlashTexts, named, sameNameInAll } from './localized.js'
import { addStartOptions, engineOptionsFrom } from './start-options.js'
import { parseAgreedEnd, parseTurnDeadline } from './duration-options.js'
import { durationRefusal } from './duration-refusal.js'
import { managesServer } from './permissions.js'
import { noteCommitted } from './committed.js'

/** What `/<game> start` was given. */
interface StartRequest {
  readonly game: string
  readonly options: Record<string, unknown>
  readonly deadline: string | null
  readonly buyIn: number | null
  /** Bura and Badugi: the agreed end, a duration from now (`2h`, `3d`). */
  readonly ends: string | null
  /** Bura and Badugi: minutes between two games (0 .. 60). */
  readonly breakMinutes: number | null
}

/**
 * `/<game> start`: one command per game, its options generated from the engine's options schema
 * (start-options.ts), so help, engine and command cannot disagree; then the buy-in (chip games)
 * and the turn deadline.
 */
export function startCommand(module: AnyGameModule): Command {
  const { engine, command } = module
  const data = new SlashCommandBuilder()
  if (hasSlashTexts(`games.${engine.id}`)) described(sameNameInAll(data, engine.id), `games.${engine.id}`)
  else data.setName(engine.id).setDescription(command.description ?? engine.title)
  data.addSubcommand((sub) => addStartOptions(named(sub, 'start', { game: engine.title }), module))
  return {
    data,
    async execute(interaction, ctx) {
      const given = engineOptionsFrom(interaction)
      await startTable(ctx, interaction, {
        game: engine.id,
        options: command.derive ? command.derive(given) : given,
        deadline: interaction.options.getString('deadline'),
        buyIn: interaction.options.getInteger('buy_in'),
        ends: interaction.options.getString('ends'),
        breakMinutes: interaction.options.getInteger('break'),
      })
    },
  }
}

/** Opens the table: here, or in a thread of its own when the server opens tables in threads. */
async function startTable(ctx: BotContext, interaction: ChatInputCommandInteraction, req: StartRequest): Promise<void> {
  startAnswer(interaction)
  const lang = memberLang(interaction)
  const { t } = lang
  const refused = (text: string) => answer(interaction, renderRefusal(text))
  const engine = engineFor(req.game)
  if (!engine) return refused(t('commands:replies.start.unavailable', { game: req.game }))
  let turnSeconds: number | undefined
  if (req.deadline !== null) {
    const parsed = parseTurnDeadline(req.deadline)
    if (!parsed.ok) return refused(durationRefusal(t, parsed.reason, 'turn', req.deadline))
    turnSeconds = parsed.ms / 1000
  }
  let endsInMs: number | undefined
  if (req.ends !== null) {
    const parsed = parseAgreedEnd(req.ends)
    if (!parsed.ok) return refused(durationRefusal(t, parsed.reason, 'end', req.ends))
    endsInMs = parsed.ms
  }
  const input = {
    guildId: interaction.guildId!,
    game: req.game,
    creatorId: interaction.user.id,
    // Manage Server may open any number of tables; members as many as the server's setting allows.
    exempt: managesServer(interaction),
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
    if (!checked.ok) return refused(refusalText(checked.error, lang))
    const publicLang = await serverLang(ctx, input.guildId, interaction.guildLocale)
    place = await openTableThread(interaction, engine.title, ctx.log, publicLang)
  }
  const result = await ctx.tables.create({
    ...input,
    channelId: place.channelId,
    ...('parentId' in place && place.parentId !== undefined ? { parentId: place.parentId } : {}),
  })
  if (!result.ok) return refused(refusalText(result.error, lang))
  const table = result.value.table
  ctx.log.info({ tableId: table.id, game: table.game, guildId: table.guildId }, 'table created')
  const opened = { game: engine.title, how: t('commands:replies.start.how') }
  const done = {
    content:
      place.kind === 'thread'
        ? t('commands:replies.start.inThread', { ...opened, channel: place.channelId })
        : place.kind === 'fallback'
          ? t('commands:replies.start.fallback', { ...opened, reason: t(`commands:replies.thread.${place.reason}`) })
          : t('commands:replies.start.open', opened),
  }
  noteCommitted(interaction, done)
  await ctx.desk.showThenAnswer(result.value, () => answer(interaction, done))
}
