import { ApplicationCommandOptionType, InteractionContextType } from 'discord.js'
import { describe, expect, it } from 'vitest'
import { commandDefinitions } from '../../src/commands/index.js'
import { engineOptionName } from '../../src/commands/options.js'
import { betsFromBlinds } from '../../src/render/games/badugi.js'

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
    expect(badugi.options.find((o) => o.name === 'format')!.choices!.map((c) => c.value)).toEqual(['cash', 'freezeout'])
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
      ['private', false],
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
      'language',
    ])
  })

  it('maps slash option names to the engine option names of RULES.md', () => {
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

describe('badugi stakes', () => {
  it('sizes the fixed-limit bets from the big blind when blinds are given', () => {
    expect(betsFromBlinds({ smallBlind: 5, bigBlind: 10 })).toEqual({
      smallBlind: 5,
      bigBlind: 10,
      smallBet: 10,
      bigBet: 20,
    })
    expect(betsFromBlinds({ limit: 'pot' })).toEqual({ limit: 'pot' })
  })
})
