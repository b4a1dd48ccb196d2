import { execFile } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { replayText } from '../../support/replay.js'

/**
 * The scenario files under scenarios/ (docs/rules/scenarios.md): every file through the replay
 * code, and two through the real command line (each start of `npm run` costs seconds on these machines).
 */

const run = promisify(execFile)
const dir = join(import.meta.dirname, 'scenarios')

async function replay(file: string): Promise<{ code: number; output: Record<string, any> }> {
  try {
    const { stdout } = await run('npm', ['run', '--silent', 'replay', '--', join(dir, file)], {
      cwd: join(import.meta.dirname, '../../..'),
    })
    return { code: 0, output: JSON.parse(stdout) }
  } catch (e) {
    const err = e as { code: number; stdout: string }
    return { code: err.code, output: JSON.parse(err.stdout) }
  }
}

const expected: Record<string, { code: number; output: Record<string, unknown> }> = {
  'two-player-beat-15.json': {
    code: 0,
    output: {
      ok: true,
      game: 'bura',
      phase: 'play',
      over: false,
      pot: 20,
      winners: [],
      seats: [
        { points: 0, stack: 90 },
        { points: 15, stack: 90 },
      ],
    },
  },
  'three-player-example.json': {
    code: 0,
    output: { ok: true, phase: 'play', pot: 30, seats: [{ points: 0 }, { points: 5, tricks: 1 }, { points: 0 }] },
  },
  'declare-30-false.json': {
    code: 0,
    output: {
      ok: true,
      phase: 'over',
      over: true,
      pot: 4,
      winners: [],
      seats: [
        { points: 0, stack: 99 },
        { points: 30, stack: 97 },
      ],
    },
  },
  'declare-34-wins.json': {
    code: 0,
    output: {
      ok: true,
      phase: 'over',
      over: true,
      pot: 0,
      winners: [1],
      seats: [
        { points: 0, stack: 99 },
        { points: 34, stack: 101 },
      ],
    },
  },
  'next-game-after-false-declaration.json': {
    code: 0,
    output: { ok: true, gameNumber: 2, dealer: 1, pot: 12, winners: [], seats: [{ stack: 92 }, { stack: 96 }] },
  },
  'answer-with-too-few-cards.json': {
    code: 1,
    output: { ok: false, error: { index: 1, message: 'Play exactly 2 cards, as many as the lead.' } },
  },
  // Kozel: the counts and pots below were checked by hand against each file's deck and plays.
  'kozel-points-win.json': {
    code: 0,
    output: {
      phase: 'over',
      pot: 0,
      winners: [0],
      seats: [
        { points: 45, tricks: 4, stack: 110 },
        { points: 38, tricks: 3, stack: 95 },
        { points: 37, tricks: 5, stack: 95 },
      ],
      end: { reason: 'mostPoints', winner: 0, points: [45, 38, 37] },
    },
  },
  'kozel-tie-keeps-pot.json': {
    code: 0,
    output: {
      phase: 'play',
      gameNumber: 2,
      dealer: 0,
      pot: 80,
      seats: [{ stack: 80 }, { stack: 80 }, { stack: 80 }, { stack: 80 }],
    },
  },
  'kozel-four-aces.json': {
    code: 0,
    output: {
      over: true,
      winners: [1],
      seats: [{ stack: 90 }, { stack: 110 }],
      end: { reason: 'fourAces', winner: 1, cards: ['AS', 'AH', 'AD', 'AC'] },
    },
  },
  'kozel-bura-after-draw.json': {
    code: 0,
    output: {
      over: true,
      winners: [2],
      seats: [{ stack: 90 }, { stack: 90, points: 13, tricks: 1 }, { stack: 120 }],
      end: { reason: 'bura', winner: 2 },
    },
  },
  'kozel-two-buras.json': {
    code: 0,
    output: {
      over: true,
      winners: [0],
      seats: [
        { stack: 110, points: 30, tricks: 1 },
        { stack: 90, points: 0 },
      ],
      end: { reason: 'buraTrick', winner: 0 },
    },
  },
  'kozel-32-cards-6-players.json': {
    code: 0,
    output: {
      over: true,
      winners: [0],
      pot: 0,
      seats: [
        { points: 43, tricks: 1, stack: 150 },
        { points: 26, tricks: 1, stack: 90 },
        { points: 0, tricks: 0, stack: 90 },
        { points: 30, tricks: 2, stack: 90 },
        { points: 0, tricks: 0, stack: 90 },
        { points: 8, tricks: 1, stack: 90 },
      ],
      end: { reason: 'mostPoints', winner: 0 },
    },
  },
  'kozel-refused-option.json': {
    code: 2,
    output: {
      ok: false,
      error: {
        message:
          'options.moscow: moscow does not apply to Kozel (no declaring, no three-card combinations): ' +
          'turn one of them off',
      },
    },
  },
  // Playing for games: no chips move; games won per seat.
  'games-match-to-11.json': {
    code: 0,
    output: {
      over: true,
      gameNumber: 24,
      winners: [0],
      pot: 0,
      seats: [
        { games: 13, stack: 100 },
        { games: 11, stack: 100 },
      ],
    },
  },
  'games-false-declaration-3-players.json': {
    code: 0,
    output: {
      over: true,
      winners: [1, 2],
      pot: 0,
      seats: [
        { games: 0, stack: 100 },
        { games: 1, stack: 100 },
        { games: 1, stack: 100 },
      ],
    },
  },
}

describe('Bura scenario files through `npm run replay`', () => {
  it('covers every file in scenarios/', () => {
    expect(readdirSync(dir).sort()).toEqual(Object.keys(expected).sort())
  })

  it.each(Object.keys(expected))('%s replays to what the rules say', (file) => {
    const { exitCode, output } = replayText(readFileSync(join(dir, file), 'utf8'))
    expect(exitCode).toBe(expected[file]!.code)
    expect(output).toMatchObject(expected[file]!.output)
  })

  it('a Kozel tie keeps the pot: everyone antes again and the same dealer deals', () => {
    const out = replayText(readFileSync(join(dir, 'kozel-tie-keeps-pot.json'), 'utf8')).output
    const events = out.events as { type: string; reason?: string; nextDealer?: number }[]
    expect(events.filter((e) => e.type === 'gameOver')).toEqual([
      { type: 'gameOver', reason: 'pointsTie', winners: [], nextDealer: 0 },
    ])
    expect(events.filter((e) => e.type === 'potWon')).toEqual([])
  })

  it('a 6-player Kozel game with 32 cards draws one whole round, then plays every card in hand', () => {
    const out = replayText(readFileSync(join(dir, 'kozel-32-cards-6-players.json'), 'utf8')).output
    const draws = (out.events as { type: string }[]).filter((e) => e.type === 'draw')
    expect(draws).toEqual([{ type: 'draw', from: 3, rounds: 1, trumpCardTo: null, pileLeft: 2 }])
  })

  it('a game won at its deal (a Bura dealt) is followed by the next one when an action needs it', () => {
    const file = JSON.parse(readFileSync(join(dir, 'next-game-after-false-declaration.json'), 'utf8'))
    const [first, second] = file.decks as string[][]
    // Game 2, Ben dealing: Anna is dealt A-10-K of hearts and the Q of hearts is turned up.
    const buraDealt = ['AH', '6S', 'TH', '7S', 'KH', '8S', 'QH']
    file.decks = [first, [...buraDealt, ...second!.filter((c) => !buraDealt.includes(c))], second]
    const out = replayText(JSON.stringify(file))
    expect(out.exitCode).toBe(0)
    const ends = (out.output.events as { type: string; reason?: string }[]).filter((e) => e.type === 'gameOver')
    expect(ends.map((e) => e.reason)).toEqual(['falseDeclaration', 'bura', 'falseDeclaration'])
    expect(out.output).toMatchObject({ gameNumber: 3, dealer: 0 })
  })

  it('a match played for games is over at 13-11: no further game is dealt', () => {
    const file = JSON.parse(readFileSync(join(dir, 'games-match-to-11.json'), 'utf8'))
    const events = replayText(JSON.stringify(file)).output.events as { type: string; winner?: number }[]
    expect(events.filter((e) => e.type === 'matchOver')).toEqual([{ type: 'matchOver', winner: 0 }])
    // 11-10 and 11-11 were not enough: the match went on to the 24th game.
    const decks = file.decks as unknown[]
    file.actions.push({ seat: 0, type: 'declare' })
    file.decks = [...decks, decks[0]]
    expect(replayText(JSON.stringify(file))).toEqual({
      exitCode: 1,
      output: { ok: false, error: { index: 24, message: 'The match is over: seat 1 won it with 13 games.' } },
    })
  })

  it('the command line prints the same JSON and exit codes', async () => {
    const files = ['declare-34-wins.json', 'answer-with-too-few-cards.json']
    const results = await Promise.all(files.map(replay))
    results.forEach((result, i) => {
      const file = files[i]!
      expect(result.code, file).toBe(expected[file]!.code)
      expect(result.output, file).toEqual(replayText(readFileSync(join(dir, file), 'utf8')).output)
    })
    const chips = (results[0]!.output.events as { type: string; to: unknown; amount: number }[]).filter(
      (e) => e.type === 'chips',
    )
    // Antes in, then the pot out to the declarer.
    expect(chips.map((e) => [e.to, e.amount])).toEqual([
      ['pot', 1],
      ['pot', 1],
      [{ seat: 1 }, 2],
    ])
  })
})
