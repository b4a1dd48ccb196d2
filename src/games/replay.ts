import { z } from 'zod'
import type { AnyEngine, Outcome, RuleError } from '../core/engine.js'
import type { EngineLookup } from '../core/engine-lookup.js'
import { cardSchema } from '../core/schemas.js'

/**
 * Applies a scenario file (docs/rules/scenarios.md) and returns the JSON object to print
 * with its exit code: 0 applied, 1 an action the rules forbid, 2 a malformed file.
 */
export interface ReplayResult {
  readonly exitCode: 0 | 1 | 2
  readonly output: Record<string, unknown>
}

/** What the tool replays with: the games it knows, and how a refusal reads in its output. */
export interface ReplayDeps {
  readonly games: EngineLookup
  /** The replay tool speaks English (docs/rules/scenarios.md): src/cli/replay.ts passes the English refusals. */
  readonly describe: (error: RuleError) => string
}

const scenarioSchema = z
  .object({
    game: z.string(),
    players: z.number().int(),
    dealer: z.number().int().min(0).default(0),
    options: z.record(z.unknown()).default({}),
    deck: z.array(cardSchema).optional(),
    decks: z.array(z.array(cardSchema)).optional(),
    // Badugi: the order of each new pile shuffled from the discards (a table's log fixes them).
    reshuffles: z.array(z.array(cardSchema)).optional(),
    seed: z.number().int().refine(Number.isSafeInteger, 'seed must be a safe integer').default(0),
    stacks: z.array(z.number().int().min(0)).optional(),
    // A table's log (`/table log`) may start with chips carried over from earlier games, and
    // count its games on from earlier ones.
    pot: z.number().int().min(0).optional(),
    potShares: z.array(z.number().int().min(0)).optional(),
    gameNo: z.number().int().min(1).optional(),
    actions: z.array(z.record(z.unknown())).default([]),
    // Scenario authors may leave notes for readers; they change nothing.
    comment: z.unknown().optional(),
    description: z.unknown().optional(),
  })
  .strict()

function malformed(message: string): ReplayResult {
  return { exitCode: 2, output: { ok: false, error: { message } } }
}

function issueText(error: z.ZodError, where: string): string {
  return error.issues
    .map((i) => {
      const path = i.path.length ? `${where}${where ? '.' : ''}${i.path.join('.')}` : where || 'file'
      return `${path}: ${i.message}`
    })
    .join('; ')
}

export function replayText(text: string, deps: ReplayDeps): ReplayResult {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (e) {
    return malformed(`the file is not JSON: ${(e as Error).message}`)
  }
  return replayScenario(raw, deps)
}

export function replayScenario(raw: unknown, deps: ReplayDeps): ReplayResult {
  const parsed = scenarioSchema.safeParse(raw)
  if (!parsed.success) return malformed(issueText(parsed.error, ''))
  const sc = parsed.data
  const engine = deps.games.engine(sc.game)
  if (!engine) return malformed(`unknown game "${sc.game}" (known: ${deps.games.ids().join(', ')})`)
  if (sc.players < engine.minPlayers || sc.players > engine.maxPlayers)
    return malformed(`${engine.title} takes ${engine.minPlayers} to ${engine.maxPlayers} players, not ${sc.players}`)
  if (sc.dealer >= sc.players) return malformed(`dealer ${sc.dealer} is not a seat (0..${sc.players - 1})`)
  if (sc.deck && sc.decks) return malformed('give either "deck" or "decks", not both')
  if (sc.stacks && sc.stacks.length !== sc.players)
    return malformed(`"stacks" has ${sc.stacks.length} entries for ${sc.players} players`)
  if (sc.stacks && !engine.usesChips) return malformed(`${engine.title} is not played for chips: drop "stacks"`)
  const options = engine.optionsSchema.safeParse(sc.options)
  if (!options.success) return malformed(issueText(options.error, 'options'))

  const actions: unknown[] = []
  for (const [i, a] of sc.actions.entries()) {
    const { seat, ...rest } = a
    if (typeof seat !== 'number' || !Number.isInteger(seat) || seat < 0 || seat >= sc.players)
      return malformed(`actions.${i}.seat: ${JSON.stringify(seat)} is not a seat (0..${sc.players - 1})`)
    const action = engine.actionSchema.safeParse(rest)
    if (!action.success) return malformed(issueText(action.error, `actions.${i}`))
    actions.push({ seat, action: action.data })
  }

  const decks = sc.deck ? [sc.deck] : (sc.decks ?? [])
  const setup = engine.setup({
    players: sc.players,
    dealer: sc.dealer,
    options: options.data,
    seed: sc.seed,
    decks,
    ...(sc.reshuffles ? { reshuffles: sc.reshuffles } : {}),
    ...(sc.stacks ? { stacks: sc.stacks } : {}),
    ...(sc.pot !== undefined ? { pot: sc.pot } : {}),
    ...(sc.potShares ? { potShares: sc.potShares } : {}),
    ...(sc.gameNo !== undefined ? { gameNo: sc.gameNo } : {}),
  })
  if (!setup.ok) return malformed(deps.describe(setup.error))
  return run(engine, deps, setup.value.state, setup.value.events, actions as { seat: number; action: unknown }[])
}

function run(
  engine: AnyEngine,
  deps: ReplayDeps,
  start: unknown,
  startEvents: unknown[],
  actions: { seat: number; action: unknown }[],
): ReplayResult {
  let state = start
  const events: unknown[] = [...startEvents]
  const step = (index: number, outcome: Outcome<{ state: unknown; events: unknown[] }>): ReplayResult | null => {
    if (!outcome.ok) {
      const message = deps.describe(outcome.error)
      return { exitCode: 1, output: { ok: false, error: { index, message } } }
    }
    state = outcome.value.state
    events.push(...outcome.value.events)
    return null
  }
  for (const [index, { seat, action }] of actions.entries()) {
    // The table waits between deals: the next one starts only when an action needs it (and
    // again while a deal ends as it is dealt, a Bura won at the deal).
    while (engine.progress(state) !== 'acting') {
      const refused = step(index, engine.nextDeal(state))
      if (refused) return refused
    }
    const refused = step(index, engine.apply(state, seat, action))
    if (refused) return refused
  }
  return { exitCode: 0, output: { ok: true, game: engine.id, ...engine.summary(state), events } }
}
