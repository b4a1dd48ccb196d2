import type { CrashPoint } from '../../src/lib/crash-points.js'
import { engineFor } from '../../src/games/registry.js'
import { parseCustomId } from '../../src/messages/custom-ids.js'
import type { TableSnapshot } from '../../src/tables/index.js'
import {
  InteractionFailedError,
  type Answer,
  type FakeChannel,
  type FakeMember,
  type FakeMessage,
  type OptionValue,
} from '../../src/sandbox/discord/index.js'
import { componentsOf, confirm, useControl } from '../support/controls.js'
import { hash, Rng } from './rng.js'
import { CHANNELS_PER_GUILD, GUILDS, MEMBERS_PER_GUILD, type Faults, type SimGuild, type SimWorld } from './world.js'

/**
 * One thing that happens in the simulated world. A step names what it acts on by index and
 * carries `pick`, a number the step reads against the world as it finds it (which table, which
 * control, which move): any step can run in any state, so that a failing run's steps can be cut
 * down to the few that still fail (shrink.ts).
 */
export type Step =
  /** The member a table waits for (or, with `other`, someone else) makes a legal move through their hand. */
  | { kind: 'play'; g: number; c: number; other: boolean; pick: number }
  /** A member uses any control they can see in the channel: table buttons, stale ones, others' views. */
  | { kind: 'click'; g: number; c: number; m: number; pick: number }
  /** A member runs any registered slash command with options made up from `pick` (valid or not). */
  | { kind: 'slash'; g: number; c: number; m: number; pick: number }
  /** A member opens a table. */
  | { kind: 'open'; g: number; c: number; m: number; pick: number }
  /** A member presses Join on the table in the channel. */
  | { kind: 'join'; g: number; c: number; m: number }
  /** The host presses Start (a button on the table message). */
  | { kind: 'begin'; g: number; c: number }
  | { kind: 'time'; ms: number }
  | { kind: 'restart' }
  /** The bot crashes at this point the next time it gets there (then restarts on the same database). */
  | { kind: 'crash'; point: CrashPoint }
  | { kind: 'faults'; faults: Omit<Faults, 'crashAt'> }
  /** Faults stop; time passes; every table message must then show its table's committed state. */
  | { kind: 'calm' }
  | { kind: 'deleteChannel'; g: number; c: number }
  | { kind: 'removeBot'; g: number }

const CRASH_POINTS: readonly CrashPoint[] = [
  'committed',
  'pings-deleted',
  'table-posted',
  'table-shown',
  'result-posted',
  'final-posted',
  'ping-posted',
  'shown',
]

const TIMES = [1000, 5000, 30_000, 2 * 60_000, 15 * 60_000, 2 * 3600_000, 13 * 3600_000, 25 * 3600_000] as const

/** The step list of a seed: a pure function of (seed, count), so a run can be repeated and cut down. */
export function generateSteps(seed: number, count: number): Step[] {
  const rng = new Rng(hash('steps', seed))
  const steps: Step[] = []
  const where = () => ({ g: rng.int(GUILDS), c: rng.int(CHANNELS_PER_GUILD) })
  const who = () => rng.int(MEMBERS_PER_GUILD)
  for (let i = 0; i < count; i++) {
    const kind = rng.weighted({
      play: 50,
      click: 12,
      slash: 7,
      open: 3,
      join: 3,
      begin: 2,
      time: 10,
      restart: 1,
      crash: 2,
      faults: 3,
      calm: 3,
      deleteChannel: 0.3,
      removeBot: 0.1,
    })
    switch (kind) {
      case 'play':
        steps.push({ kind, ...where(), other: rng.chance(0.1), pick: rng.int(2 ** 30) })
        break
      case 'click':
      case 'slash':
      case 'open':
        steps.push({ kind, ...where(), m: who(), pick: rng.int(2 ** 30) })
        break
      case 'join':
        steps.push({ kind, ...where(), m: who() })
        break
      case 'begin':
        steps.push({ kind, ...where() })
        break
      case 'time':
        steps.push({ kind, ms: rng.pick(TIMES) })
        break
      case 'restart':
      case 'calm':
        steps.push({ kind })
        break
      case 'crash':
        steps.push({ kind, point: rng.pick(CRASH_POINTS) })
        break
      case 'faults':
        steps.push({
          kind,
          faults: {
            discord: rng.pick([0, 0.05, 0.2, 0.5]),
            discordKind: rng.pick(['error', 'rateLimit', 'globalRateLimit', 'drop'] as const),
            db: rng.pick([0, 0, 0.05, 0.2]),
            timerSkewMs: rng.pick([0, 0, -1, -50, 1, 2000]),
          },
        })
        break
      case 'deleteChannel':
        steps.push({ kind, ...where() })
        break
      case 'removeBot':
        steps.push({ kind, g: rng.int(GUILDS) })
        break
    }
  }
  return steps
}

/** A move a member made and what they were answered: the action log must agree (invariants.ts). */
export interface MoveRecord {
  readonly interactionId: string
  readonly tableId: string
  readonly userId: string
  /** The bot answered and the answer was no refusal: the move counts as acknowledged. */
  readonly acknowledged: boolean
  /** The bot answered with a refusal. */
  readonly refused: boolean
  /** What the member read (the start of it), for the failure message. */
  readonly answer: string
}

/** What a step did that the invariants look at. */
export interface StepOutcome {
  readonly moves: MoveRecord[]
  /** The step was a `calm`: the table messages must show the committed state now. */
  calm: boolean
}

const REFUSAL = '🙅'

/**
 * Runs one step against the world; never throws for what a member could run into (a refused
 * click, a failed interaction).
 */
export async function runStep(world: SimWorld, step: Step, out: StepOutcome): Promise<void> {
  switch (step.kind) {
    case 'play':
      return play(world, step, out)
    case 'click':
      return click(world, step)
    case 'slash':
      return slash(world, step)
    case 'open':
      return open(world, step)
    case 'join': {
      const t = await tableIn(world, step.g, step.c)
      const m = memberOf(world, step.g, step.m)
      const msg = t ? tableMessage(world, t) : undefined
      if (msg && m) await quietly(pressVerb(m, msg, 'join'))
      return
    }
    case 'begin': {
      const t = await tableIn(world, step.g, step.c)
      const msg = t ? tableMessage(world, t) : undefined
      const host = t && world.guilds[step.g]!.members.find((m) => m.id === t.creatorId)
      if (msg && host) await quietly(pressVerb(host, msg, 'start'))
      return
    }
    case 'time':
      await world.advance(step.ms)
      return
    case 'restart':
      await world.restart()
      return
    case 'crash':
      world.faults = { ...world.faults, crashAt: step.point }
      return
    case 'faults':
      world.faults = { ...step.faults, crashAt: world.faults.crashAt }
      return
    case 'calm':
      out.calm = true
      return
    case 'deleteChannel': {
      const g = world.guilds[step.g]!
      const channel = g.channels[step.c]!
      if (g.deletedChannels.has(channel.id) || g.botRemoved) return
      g.deletedChannels.add(channel.id)
      channel.delete()
      // Members go on in a new channel of the same name.
      g.channels[step.c] = g.guild.channel(`${channel.name}-${g.deletedChannels.size}`)
      await world.gatewaySeen(() => !world.bot.client.channels.cache.has(channel.id))
      return
    }
    case 'removeBot': {
      const g = world.guilds[step.g]!
      if (g.botRemoved) return
      g.botRemoved = true
      g.guild.removeBot()
      await world.gatewaySeen(() => !world.bot.client.guilds.cache.has(g.guild.id))
      return
    }
  }
}

function memberOf(world: SimWorld, g: number, m: number): FakeMember | undefined {
  const guild = world.guilds[g]!
  return guild.botRemoved ? undefined : guild.members[m]
}

function channelOf(world: SimWorld, g: number, c: number): FakeChannel | undefined {
  const guild = world.guilds[g]!
  return guild.botRemoved ? undefined : guild.channels[c]
}

/** The open table in a channel (or in a thread of it), if any. */
export async function tableIn(world: SimWorld, g: number, c: number): Promise<TableSnapshot | null> {
  const channel = channelOf(world, g, c)
  if (!channel) return null
  const here = await world.bot.tables.inChannel(channel.guildId, channel.id)
  if (here) return here
  for (const thread of channel.threads()) {
    const t = await world.bot.tables.inChannel(channel.guildId, thread.id)
    if (t) return t
  }
  return null
}

function tableMessage(world: SimWorld, t: TableSnapshot): FakeMessage | undefined {
  return t.messageId ? world.discord.message(t.messageId) : undefined
}

/** Awaits a member's interaction: a refusal by the fake's checks or a failed interaction is part of the world. */
async function quietly(p: Promise<unknown>): Promise<Answer | null> {
  try {
    return (await p) as Answer
  } catch {
    return null
  }
}

function pressVerb(member: FakeMember, msg: FakeMessage, verb: string): Promise<Answer> {
  const control = componentsOf(msg).find((c) => {
    const id = parseCustomId(c.custom_id)
    return id?.kind === 'table' && id.verb === verb && !c.disabled
  })
  if (!control) return Promise.reject(new Error(`no ${verb} button`))
  return member.click(msg, control.custom_id as string)
}

/**
 * What a member of the channel would do next at its table: open one, join the lobby, start it,
 * deal the next game, or (mostly) make a legal move when the table waits for them.
 */
async function play(world: SimWorld, step: Extract<Step, { kind: 'play' }>, out: StepOutcome): Promise<void> {
  const guild = world.guilds[step.g]!
  if (guild.botRemoved) return
  const t = await tableIn(world, step.g, step.c)
  if (!t) return open(world, { kind: 'open', g: step.g, c: step.c, m: step.pick % MEMBERS_PER_GUILD, pick: step.pick })
  const msg = tableMessage(world, t)
  if (!msg) return
  const seated = t.seats.filter((s) => s.status === 'seated')
  if (t.status === 'lobby') {
    const outside = guild.members.filter((m) => !seated.some((s) => s.userId === m.id))
    const host = guild.members.find((m) => m.id === t.creatorId)
    if ((seated.length < 2 || step.pick % 3 === 0) && outside.length > 0)
      await quietly(pressVerb(outside[step.pick % outside.length]!, msg, 'join'))
    else if (host) await quietly(pressVerb(host, msg, 'start'))
    return
  }
  if (t.progress !== 'acting') {
    // Between games: a seated member deals the next one (the move button on the table message).
    const dealer = guild.members.find((m) => seated.some((s) => s.userId === m.id))
    const next = componentsOf(msg).find((c) => c.type === 2 && parseCustomId(c.custom_id)?.kind === 'move')
    if (dealer && next) await quietly(dealer.click(msg, next.custom_id as string))
    return
  }
  const humans = t.waitingFor.filter((u) => guild.members.some((m) => m.id === u))
  const userId = step.other
    ? guild.members[step.pick % MEMBERS_PER_GUILD]!.id
    : humans[step.pick % Math.max(1, humans.length)]
  const member = guild.members.find((m) => m.id === userId)
  const seat = t.seats.find((s) => s.userId === userId)?.position
  if (!member) return
  const view = await quietly(pressVerb(member, msg, 'hand'))
  if (!view || seat === null || seat === undefined) return
  const engine = engineFor(t.game)!
  const legal = engine.legalActions(t.state, seat) as Record<string, unknown>[]
  if (legal.length === 0) return
  const action = legal[step.pick % legal.length]!
  let answer: Answer | null = null
  let interactionId: string | undefined
  try {
    answer = await useControl(member, view, t.game, action)
    interactionId = answer.interactionId
  } catch (error) {
    // The view offers no control for it (a move the view draws otherwise) or the interaction failed.
    if (error instanceof InteractionFailedError) interactionId = error.interaction.id
  }
  if (interactionId)
    out.moves.push({
      interactionId,
      tableId: t.id,
      userId: member.id,
      acknowledged: answer !== null && !answer.content.startsWith(REFUSAL),
      refused: answer?.content.startsWith(REFUSAL) ?? false,
      answer: answer ? `${answer.kind}: ${answer.content.slice(0, 200)}` : 'no answer',
    })
}

async function click(world: SimWorld, step: Extract<Step, { kind: 'click' }>): Promise<void> {
  const member = memberOf(world, step.g, step.m)
  const channel = channelOf(world, step.g, step.c)
  if (!member || !channel) return
  const places = [channel, ...channel.threads()]
  const messages = places.flatMap((p) => member.visible(p)).slice(-8)
  const usable = messages.flatMap((m) =>
    componentsOf(m)
      .filter((c) => (c.type === 2 && typeof c.custom_id === 'string' && !c.disabled) || c.type === 3)
      .map((c) => ({ m, c })),
  )
  if (usable.length === 0) return
  const { m, c } = usable[step.pick % usable.length]!
  const rng = new Rng(step.pick)
  if (c.type === 3) {
    const options = (c.options ?? []) as { value: string }[]
    const min = (c.min_values as number | undefined) ?? 1
    const max = Math.min((c.max_values as number | undefined) ?? 1, options.length)
    const n = min + rng.int(Math.max(1, max - min + 1))
    const values = [...options]
      .sort(() => rng.next() - 0.5)
      .slice(0, n)
      .map((o) => o.value)
    await quietly(member.select(m, c.custom_id as string, values))
    return
  }
  const answer = await quietly(member.click(m, c.custom_id as string))
  // Half the time a question is answered yes (leave mid-game, end the table).
  if (answer && rng.chance(0.5)) await quietly(confirm(member, answer))
}

/** Strings a member might type into a text option, good and bad. */
const TEXTS = ['30s', '5m', '2h', '1d', 'off', 'de', 'en', 'auto', '', 'abc', '-5', '99999999999', '[x](https://e.com)']

async function slash(world: SimWorld, step: Extract<Step, { kind: 'slash' }>): Promise<void> {
  const member = memberOf(world, step.g, step.m)
  const channel = channelOf(world, step.g, step.c)
  if (!member || !channel) return
  const rng = new Rng(step.pick)
  const commands = world.discord.commands()
  if (commands.length === 0) return
  const command = rng.pick(commands)
  let words = command.name
  let options = (command.options ?? []) as CommandOption[]
  // Subcommand groups (2) and subcommands (1): pick one level down until options remain.
  while (options.some((o) => o.type === 1 || o.type === 2)) {
    const sub = rng.pick(options.filter((o) => o.type === 1 || o.type === 2))
    words += ` ${sub.name}`
    options = sub.options ?? []
  }
  const values: Record<string, OptionValue> = {}
  const guild = world.guilds[step.g]!
  for (const o of options) {
    if (!o.required && rng.chance(0.5)) continue
    const value = optionValue(o, rng, guild, channel)
    if (value !== undefined) values[o.name] = value
  }
  await quietly(member.slash(channel, words, values))
}

interface CommandOption {
  type: number
  name: string
  required?: boolean
  options?: CommandOption[]
  choices?: { value: string | number }[]
  min_value?: number
  max_value?: number
}

function optionValue(o: CommandOption, rng: Rng, guild: SimGuild, channel: FakeChannel): OptionValue | undefined {
  if (o.choices?.length) return rng.pick(o.choices).value
  switch (o.type) {
    case 3:
      return rng.pick(TEXTS)
    case 4:
    case 10: {
      const lo = o.min_value ?? -10
      const hi = o.max_value ?? 1_000_000
      // Mostly small sensible numbers; now and then a bound, or one past it (the fake refuses those).
      const r = rng.next()
      if (r < 0.1) return lo
      if (r < 0.2) return hi
      if (r < 0.25) return hi + 1
      return Math.min(hi, Math.max(lo, rng.pick([1, 2, 5, 10, 20, 50, 100, 200, 500, 1000])))
    }
    case 5:
      return rng.chance(0.5)
    case 6:
      return rng.pick(guild.members)
    case 7:
      return channel
    default:
      return undefined
  }
}

const GAMES = ['bura', 'badugi', 'bugami'] as const

async function open(world: SimWorld, step: Extract<Step, { kind: 'open' }>): Promise<void> {
  const member = memberOf(world, step.g, step.m)
  const channel = channelOf(world, step.g, step.c)
  if (!member || !channel) return
  const rng = new Rng(step.pick)
  const game = rng.pick(GAMES)
  const options: Record<string, OptionValue> = {}
  if (game !== 'bugami' && rng.chance(0.7)) options.buy_in = rng.pick([20, 50, 100, 200])
  if (rng.chance(0.5)) options.turn_time = rng.pick(['30s', '2m', '1h'])
  await quietly(member.slash(channel, `${game} start`, options))
  // Now and then the host adds an AI seat at once: a practice table.
  if (rng.chance(0.25)) {
    const t = await tableIn(world, step.g, step.c)
    const msg = t && tableMessage(world, t)
    if (msg && t.creatorId === member.id) await quietly(pressVerb(member, msg, 'ai'))
  }
}
