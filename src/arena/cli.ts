import { parseArgs } from 'node:util'
import { engineIds, gameModule } from '../games/registry.js'
import { simulate } from './random-games.js'
import { parsePolicy, runArena, type Policy } from './arena.js'

function fail(message: string): never {
  process.stderr.write(
    `${message}\nusage: npm run --silent simulate -- --game bugami --players 5 --games 1000 --seed 1 [--option ` +
      `k=v ...] [--seats ai,expert,...] [--duplicate]\n`,
  )
  process.exit(2)
}

function optionValue(text: string): unknown {
  if (text === 'true') return true
  if (text === 'false') return false
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text)
  return text
}

let args
try {
  args = parseArgs({
    options: {
      game: { type: 'string' },
      players: { type: 'string' },
      games: { type: 'string', default: '1000' },
      seed: { type: 'string', default: '1' },
      option: { type: 'string', multiple: true, default: [] },
      seats: { type: 'string' },
      duplicate: { type: 'boolean', default: false },
    },
  }).values
} catch (e) {
  fail((e as Error).message)
}
const game = gameModule(args.game ?? '') ?? fail(`--game must be one of: ${engineIds().join(', ')}`)
const { engine } = game
const players = Number(args.players ?? (args.seats ? args.seats.split(',').length : engine.minPlayers))
if (!Number.isInteger(players) || players < engine.minPlayers || players > engine.maxPlayers)
  fail(`--players for ${engine.id} is ${engine.minPlayers} to ${engine.maxPlayers}`)
const games = Number(args.games)
const seed = Number(args.seed)
if (!Number.isInteger(games) || games < 1) fail('--games must be a positive whole number')
if (!Number.isSafeInteger(seed)) fail('--seed must be a whole number')
const options: Record<string, unknown> = {}
for (const kv of args.option ?? []) {
  const eq = kv.indexOf('=')
  if (eq < 1) fail(`--option takes name=value, got "${kv}"`)
  options[kv.slice(0, eq)] = optionValue(kv.slice(eq + 1))
}
const parsedOptions = engine.optionsSchema.safeParse(options)
if (!parsedOptions.success)
  fail(`bad option: ${parsedOptions.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`)

const duplicate = args.duplicate === true
if (duplicate && args.seats === undefined) fail('--duplicate compares policies: give them with --seats')
if (args.seats !== undefined) {
  const policies = args.seats
    .split(',')
    .map(
      (t) => parsePolicy(t.trim()) ?? fail(`--seats takes ai, ai:easy, ai:strong, expert, auto or random, not "${t}"`),
    )
  if (policies.length !== players) fail(`--seats names ${policies.length} policies for ${players} players`)
  if (!game.ai && policies.some((p) => p.kind === 'ai')) fail(`${engine.title} has no AI player: seat auto or random`)
  if (!game.expert && policies.some((p) => p.kind === 'expert'))
    fail(`${engine.title} has no expert player: seat auto or random`)
  runWithPolicies(policies)
}

function runWithPolicies(policies: Policy[]): never {
  const started = performance.now()
  const report = runArena({ game, policies, games, seed, options, duplicate })
  const seconds = (performance.now() - started) / 1000
  process.stdout.write(
    JSON.stringify({
      game: report.game,
      players,
      options: parsedOptions.data,
      games: report.games,
      ...(duplicate ? { duplicate: true, deals: report.deals } : {}),
      seed,
      seats: report.seats,
      decisions: report.decisions,
      seconds: Number(seconds.toFixed(3)),
      msPerDecision: report.decisions ? Number(((seconds * 1000) / report.decisions).toFixed(2)) : 0,
      illegalMoves: report.illegal.length,
      illegal: report.illegal,
    }) + '\n',
  )
  process.exit(report.illegal.length ? 1 : 0)
}

const started = performance.now()
const report = simulate({ engine, players, games, seed, options })
const seconds = (performance.now() - started) / 1000
process.stdout.write(
  JSON.stringify({
    game: report.game,
    players,
    options: parsedOptions.data,
    games: report.games,
    deals: report.deals,
    actions: report.actions,
    seconds: Number(seconds.toFixed(3)),
    gamesPerSecond: Math.round(report.games / seconds),
    invariantViolations: report.violations.length,
    violations: report.violations,
  }) + '\n',
)
process.exit(report.violations.length ? 1 : 0)
