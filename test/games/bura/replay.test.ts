import { execFile } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { replayText } from '../../../src/games/replay.js'

/**
 * The scenario files under scenarios/ (RULES.md "Scenario files"): every file through the replay
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
