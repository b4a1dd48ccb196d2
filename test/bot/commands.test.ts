import { ApplicationCommandOptionType, InteractionContextType } from 'discord.js'
import { describe, expect, it } from 'vitest'
import { commandDefinitions } from '../../src/commands/index.js'
import { describeOptions, engineOptionName, slashOptionName } from '../../src/core/options.js'
import { ENGINES } from '../../src/games/registry.js'
import { z } from 'zod'
import { startCommand } from '../../src/commands/start.js'
import { highCardGame } from '../toy/high-card/module.js'
import { stakesFromBlinds } from '../../src/games/badugi/module.js'

const defs = commandDefinitions()
const byName = new Map(defs.map((d) => [d.name, d]))

function subOptions(command: string, sub: string): string[] {
  const s = byName.get(command)!.options!.find((o) => o.name === sub)!
  expect(s.type).toBe(ApplicationCommandOptionType.Subcommand)
  return ('options' in s ? (s.options ?? []) : []).map((o) => o.name)
}

describe('slash command definitions', () => {
  it('registers exactly the commands of the bot, in servers only', () => {
    expect(defs.map((d) => d.name)).toEqual([
      'bugami',
      'bura',
      'badugi',
      'hand',
      'table',
      'chips',
      'chips-admin',
      'stats',
      'leaderboard',
      'rating',
      'settings',
      'rules',
      'help',
    ])
    for (const d of defs) expect(d.contexts).toEqual([InteractionContextType.Guild])
  })

  it('gives each game its table options and a turn deadline', () => {
    expect(subOptions('bugami', 'start')).toEqual(['target', 'jokers', 'shotgun_wedding', 'deadline'])
    expect(subOptions('badugi', 'start')).toEqual([
      'buy_in',
      'limit',
      'small_blind',
      'big_blind',
      'format',
      'structure',
      'level_hands',
      'prizes',
      'ends',
      'break',
      'deadline',
    ])
    expect(subOptions('bura', 'start')).toEqual([
      'buy_in',
      'ante',
      'show_counts',
      'declare_on_turn_only',
      'three_aces_win',
      'moscow',
      'little_moscow',
      'redeal_on_combination',
      'deck32',
      'face_down',
      'scoring',
      'games_target',
      'kozel',
      'ends',
      'break',
      'deadline',
    ])
  })

  it('offers the Bura scoring forms and games targets as choices, and no manual combinations', () => {
    const bura = byName.get('bura')!.options![0]! as { options: { name: string; choices?: { value: unknown }[] }[] }
    const option = (name: string) => bura.options.find((o) => o.name === name)
    expect(option('scoring')!.choices!.map((c) => c.value)).toEqual(['chips', 'points', 'games'])
    expect(option('games_target')!.choices!.map((c) => c.value)).toEqual([21, 11])
    expect(option('manual_combinations')).toBeUndefined()
    const badugi = byName.get('badugi')!.options![0]! as { options: { name: string; choices?: { value: unknown }[] }[] }
    expect(badugi.options.find((o) => o.name === 'format')!.choices!.map((c) => c.value)).toEqual([
      'cash',
      'freezeout',
      'tournament',
    ])
  })

  it('has the table, chips, leaderboard, settings and rules subcommands and options', () => {
    expect(byName.get('table')!.options!.map((o) => o.name)).toEqual([
      'status',
      'log',
      'leave',
      'end',
      'kick',
      'add-ai',
      'remove-ai',
    ])
    expect(byName.get('chips')!.options!.map((o) => o.name)).toEqual(['balance', 'daily'])
    expect(byName.get('chips-admin')!.options!.map((o) => o.name)).toEqual(['grant'])
    expect(byName.get('stats')!.options!.map((o) => o.name)).toEqual(['member', 'share'])
    expect(byName.get('leaderboard')!.options!.map((o) => [o.name, o.required ?? false])).toEqual([
      ['game', false],
      ['board', false],
      ['private', false],
    ])
    expect(byName.get('rating')!.options!.map((o) => [o.name, o.required ?? false])).toEqual([
      ['member', false],
      ['game', false],
    ])
    expect(byName.get('rules')!.options!.map((o) => [o.name, o.required ?? false])).toEqual([['game', true]])
    expect(byName.get('settings')!.options!.map((o) => o.name)).toEqual(['show', 'set'])
    expect(subOptions('settings', 'set')).toEqual([
      'starting_chips',
      'daily_chips',
      'turn_time',
      'stakes',
      'buy_in',
      'images',
      'emojis',
      'channels',
      'threads',
      'max_tables',
      'language',
    ])
  })

  it('maps slash option names to the engine option names of docs/rules/', () => {
    expect(
      [
        'target',
        'jokers',
        'shotgun_wedding',
        'show_counts',
        'declare_on_turn_only',
        'deck32',
        'small_blind',
        'big_blind',
        'games_target',
        'kozel',
        'format',
      ].map(engineOptionName),
    ).toEqual([
      'target',
      'jokers',
      'shotgunWedding',
      'showCounts',
      'declareOnTurnOnly',
      'deck32',
      'smallBlind',
      'bigBlind',
      'gamesTarget',
      'kozel',
      'format',
    ])
  })
})

/** Discord's rule for chat-input command and option names, localised ones included. */
const NAME = /^[-_\p{L}\p{N}]{1,32}$/u

interface Node {
  readonly name: string
  readonly description?: string
  readonly name_localizations?: Record<string, string | null> | null
  readonly description_localizations?: Record<string, string | null> | null
  readonly options?: readonly Node[]
  readonly choices?: readonly Node[]
}

/** Every command, subcommand, option and choice with its path ("settings set language: English"). */
function nodes(list: readonly Node[], path = ''): { path: string; node: Node; choice: boolean }[] {
  return list.flatMap((n) => {
    const at = `${path}${n.name}`
    return [
      { path: at, node: n, choice: false },
      ...(n.choices ?? []).map((c) => ({ path: `${at}: ${c.name}`, node: c, choice: true })),
      ...nodes(n.options ?? [], `${at} `),
    ]
  })
}

describe('German localisations', () => {
  const all = nodes(defs)

  it("name and describe every command, subcommand, option and choice in German, within Discord's limits", () => {
    expect(all.length).toBeGreaterThan(100)
    for (const { path, node, choice } of all) {
      const name = node.name_localizations?.de
      expect(name, path).toBeTypeOf('string')
      if (choice) {
        expect(name!.length, path).toBeGreaterThanOrEqual(1)
        expect(name!.length, path).toBeLessThanOrEqual(100)
        continue
      }
      expect(name, path).toMatch(NAME)
      expect(name, path).toBe(name!.toLowerCase())
      const description = node.description_localizations?.de
      expect(description, path).toBeTypeOf('string')
      expect(description!.length, path).toBeGreaterThanOrEqual(1)
      expect(description!.length, path).toBeLessThanOrEqual(100)
    }
  })

  it('speaks German where English speaks English', () => {
    const find = (p: string) => all.find((n) => n.path === p)!.node
    expect(find('chips balance').name_localizations?.de).toBe('kontostand')
    expect(find('help').description_localizations?.de).toBe('Was dieser Bot kann und wie man ein Spiel startet')
    expect(find('bura start scoring').description_localizations?.de).toBe(
      'Um Chips, Strafpunkte (bei 12 verloren) oder gewonnene Spiele spielen (Standard: Chips)',
    )
    expect(find('badugi start small_blind').description_localizations?.de).toBe(
      'Small Blind (Standard: die Einsätze des Servers)',
    )
    expect(find('settings set stakes').description_localizations?.de).toBe(
      'Standard für Ante bei Bura und Big Blind bei Badugi',
    )
    expect(find('table add-ai level: easy').name_localizations?.de).toBe('leicht')
    // The game by its name, as players write it.
    expect(find('bura start').description_localizations?.de).toBe('Einen Bura-Tisch in diesem Kanal eröffnen')
    expect(find('bugami start').description).toBe('Open a Bugami table in this channel')
  })

  it('gives no two options of one command the same German name', () => {
    for (const { path, node } of all.filter((n) => n.node.options?.length)) {
      const names = node.options!.map((o) => o.name_localizations?.de)
      expect(new Set(names).size, path).toBe(names.length)
    }
  })
})

describe('start options', () => {
  /** The default as each language writes it at the end of a description, or null for "any". */
  const defaults = {
    en: {
      value: (v: string) => `(default ${v})`,
      on: '(default on)',
      off: '(default off)',
      stakes: "(default: from the server's stakes)",
    },
    de: {
      value: (v: string) => `(Standard: ${v})`,
      on: '(Standard: an)',
      off: '(Standard: aus)',
      stakes: '(Standard: die Einsätze des Servers)',
    },
  }

  it('end every description with its default, in both languages, none of them cut', () => {
    let checked = 0
    for (const engine of Object.values(ENGINES)) {
      const start = byName.get(engine.id)!.options!.find((o) => o.name === 'start') as unknown as {
        options: {
          name: string
          description: string
          description_localizations: { de: string }
          choices?: { value: unknown; name: string; name_localizations: { de: string } }[]
        }[]
      }
      for (const spec of describeOptions(engine.optionsSchema)) {
        const option = start.options.find((o) => o.name === slashOptionName(spec.name))
        if (!option) continue
        for (const [locale, words] of Object.entries(defaults)) {
          const description = locale === 'en' ? option.description : option.description_localizations.de
          const choice = option.choices?.find((c) => c.value === spec.default)
          const choiceName = choice && (locale === 'en' ? choice.name : choice.name_localizations.de)
          const expected = engine.table.stakeOptions.includes(spec.name)
            ? words.stakes
            : spec.kind === 'boolean'
              ? spec.default
                ? words.on
                : words.off
              : words.value(choiceName ?? String(spec.default))
          expect(description, `/${engine.id} start ${option.name} (${locale})`).toMatch(/^\S.* \S/)
          expect(
            description.endsWith(` ${expected}`),
            `/${engine.id} start ${option.name} (${locale}): ${description}`,
          ).toBe(true)
          expect(description.length).toBeLessThanOrEqual(100)
          checked++
        }
      }
    }
    expect(checked).toBeGreaterThan(30)
  })

  it('refuse to build a description that its default would push past 100 characters', () => {
    const long = z.object({ rounds: z.number().int().min(1).max(9).default(3).describe('x'.repeat(88)) })
    const game = { ...highCardGame, engine: { ...highCardGame.engine, optionsSchema: long } }
    // "(default 3)" makes it exactly 100: built; one character more is a developer's error.
    expect(() => startCommand(game)).not.toThrow()
    const longer = z.object({ rounds: z.number().int().min(1).max(9).default(3).describe('x'.repeat(89)) })
    expect(() => startCommand({ ...game, engine: { ...game.engine, optionsSchema: longer } })).toThrow(
      /is 101 characters, Discord allows 100/,
    )
  })
})

describe('badugi stakes', () => {
  it('sizes the fixed-limit bets from the big blind when blinds are given', () => {
    expect(stakesFromBlinds({ smallBlind: 5, bigBlind: 10 })).toEqual({
      smallBlind: 5,
      bigBlind: 10,
      smallBet: 10,
      bigBet: 20,
    })
    // Both named: the engine judges them (a small blind above the big one is refused there).
    expect(stakesFromBlinds({ smallBlind: 20, bigBlind: 10 })).toMatchObject({ smallBlind: 20, bigBlind: 10 })
  })

  it('makes a blind left out follow the one given, as the server stakes would', () => {
    expect(stakesFromBlinds({ bigBlind: 20 })).toEqual({ smallBlind: 10, bigBlind: 20, smallBet: 20, bigBet: 40 })
    expect(stakesFromBlinds({ bigBlind: 7, limit: 'no' })).toEqual({
      limit: 'no',
      smallBlind: 3,
      bigBlind: 7,
      smallBet: 7,
      bigBet: 14,
    })
    expect(stakesFromBlinds({ bigBlind: 1 })).toMatchObject({ smallBlind: 1, bigBlind: 1 })
    expect(stakesFromBlinds({ smallBlind: 3 })).toEqual({ smallBlind: 3, bigBlind: 6, smallBet: 6, bigBet: 12 })
  })

  it('leaves the stakes to the server when no blind is given', () => {
    expect(stakesFromBlinds({ limit: 'pot' })).toEqual({ limit: 'pot' })
    expect(stakesFromBlinds({})).toEqual({})
  })
})
