import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { engineFor } from '../../src/games/registry.js'
import type { Answer, FakeMember } from '../../src/sandbox/discord/index.js'
import {
  eachTestWorld,
  expectNothingHidden,
  openAndStart,
  openHand,
  playTurn,
  playUntil,
  untilSomeoneActs,
  useControl,
  type World,
} from './harness.js'

const startWorld = eachTestWorld()
const run = promisify(execFile)

/** The answer's scenario file through the real command line, as a player would run it. */
async function replayFile(w: World, answer: Answer): Promise<{ code: number; out: Record<string, any> }> {
  expect(answer.attachments).toHaveLength(1)
  const dir = mkdtempSync(join(tmpdir(), 'table-log-'))
  const path = join(dir, answer.attachments[0]!.filename)
  writeFileSync(path, w.discord.attachmentData(answer.attachments[0]!.url)!)
  try {
    const { stdout } = await run('npm', ['run', '--silent', 'replay', '--', path], {
      cwd: join(import.meta.dirname, '../..'),
    })
    return { code: 0, out: JSON.parse(stdout) }
  } catch (e) {
    const err = e as { code: number; stdout: string }
    return { code: err.code, out: JSON.parse(err.stdout) }
  } finally {
    rmSync(dir, { recursive: true })
  }
}

/** The replay output without what replay adds to a game's summary. */
function result(out: Record<string, any>): Record<string, any> {
  const { ok: _ok, game: _game, events: _events, ...rest } = out
  return rest
}

describe('/table log', () => {
  it('gives a Badugi hand in play and then finished; replayed by the command line it ends as the table showed', async () => {
    const w = await startWorld(['alice', 'bob', 'carol'])
    const [alice, bob, carol] = ['alice', 'bob', 'carol'].map((n) => w.member(n)) as [
      FakeMember,
      FakeMember,
      FakeMember,
    ]
    await openAndStart(w, 'badugi start', { buy_in: 50 }, ['bob', 'carol'])
    const engine = engineFor('badugi')!

    // Alice and bob bet when they can; carol folds as soon as she faces a bet. The hand goes on.
    for (;;) {
      const t = await w.table()
      const who = w.member(w.nameOf(t.waitingFor[0]!))
      const seat = t.seats.find((s) => s.userId === who.id)!.position!
      const legal = engine.legalActions(t.state, seat) as { type: string }[]
      if (who === carol && legal.some((a) => a.type === 'fold')) {
        await useControl(carol, await openHand(w, carol), 'badugi', { type: 'fold' })
        break
      }
      const bet = who !== carol ? legal.find((a) => a.type === 'bet' || a.type === 'raise') : undefined
      if (bet) await useControl(who, await openHand(w, who), 'badugi', bet)
      else await playTurn(w, who.id)
      await expectNothingHidden(w, t.id)
    }
    const during = await w.table()
    expect(during.progress).toBe('acting')
    const bobSeat = during.seats.find((s) => s.userId === bob.id)!.position!

    const inPlay = await bob.slash(w.channel, 'table log')
    expect(inPlay.ephemeral).toBe(true)
    expect(inPlay.content).toContain('The hand in play at this table, up to its last move, as a scenario file')
    expect(inPlay.content).toContain('is made up at random to fit everything you saw')
    expect(inPlay.attachments.map((a) => a.filename)).toEqual([`badugi-${during.id}.json`])
    await expectNothingHidden(w, during.id)
    const sofar = await replayFile(w, inPlay)
    expect(sofar.code).toBe(0)
    const shownSoFar = engine.summary(during.state)
    expect(sofar.out).toMatchObject({ ok: true, over: false, phase: shownSoFar.phase, pot: shownSoFar.pot })
    expect(sofar.out.seats[bobSeat].hand).toEqual(shownSoFar.seats[bobSeat]!.hand)
    expect(sofar.out.seats.map((s: any) => [s.stack, s.status])).toEqual(
      shownSoFar.seats.map((s) => [s.stack, s.status]),
    )

    await playUntil(w, (t) => t.progress !== 'acting')
    const ended = await w.table()
    const answer = await alice.slash(w.channel, 'table log')
    expect(answer.content).toContain('The last finished hand of this table as a scenario file')
    await expectNothingHidden(w, ended.id)
    const replayed = await replayFile(w, answer)
    expect(replayed.code).toBe(0)
    // What the table showed: stacks, pot, winners, and the hands shown at the showdown (carol folded).
    const shown = engine.summary(ended.state)
    const publicView = engine.view(ended.state, null)
    const out = result(replayed.out)
    expect(out).toMatchObject({ over: true, pot: 0, winners: shown.winners, handNo: shown.handNo })
    out.seats.forEach((s: any, seat: number) => {
      expect(s.stack).toBe(shown.seats[seat]!.stack)
      expect(s.status).toBe(shown.seats[seat]!.status)
      if (publicView.seats[seat]!.hand) expect(s.hand).toEqual(publicView.seats[seat]!.hand)
    })
    expect(out.seats[during.seats.find((s) => s.userId === carol.id)!.position!].hand).toEqual([])
  })

  it('gives the last game of a table that has ended: Bura, every move since its deal, the same result', async () => {
    const w = await startWorld(['alice', 'bob'])
    const alice = w.member('alice')
    await openAndStart(w, 'bura start', { ante: 10, buy_in: 100 }, ['bob'])
    await untilSomeoneActs(w)
    await playUntil(w, (t) => t.progress !== 'acting')
    const ended = await w.table()
    const shown = engineFor('bura')!.summary(ended.state)
    await alice.slash(w.channel, 'table end')
    const answer = await alice.slash(w.channel, 'table log')
    expect(answer.content).toContain('The last finished game of this table as a scenario file')
    await expectNothingHidden(w, ended.id)
    const replayed = await replayFile(w, answer)
    expect(replayed.code).toBe(0)
    expect(result(replayed.out)).toEqual(JSON.parse(JSON.stringify(shown)))
  })

  it('gives a Bugami match in play: bids still secret are made up, then the deal so far as the table shows it', async () => {
    const w = await startWorld(['alice', 'bob', 'carol'])
    const [alice, bob] = [w.member('alice'), w.member('bob')]
    await openAndStart(w, 'bugami start', { target: 20 }, ['bob', 'carol'])
    const engine = engineFor('bugami')!

    // Bob has bid; alice has not: bob's bid is not hers to know.
    await playTurn(w, bob.id)
    const bidding = await w.table()
    const open = await alice.slash(w.channel, 'table log')
    expect(open.content).toContain('The game in play at this table, up to its last move, as a scenario file')
    await expectNothingHidden(w, bidding.id)
    const early = await replayFile(w, open)
    expect(early.code).toBe(0)
    expect(early.out).toMatchObject({ phase: 'bidding', bids: null, over: false })

    // Every bid in and a few cards played.
    await playUntil(w, (t) => (t.state as { phase: string }).phase === 'playing')
    for (let i = 0; i < 4; i++) await playTurn(w, (await w.table()).waitingFor[0]!)
    const playing = await w.table()
    const answer = await alice.slash(w.channel, 'table log')
    await expectNothingHidden(w, playing.id)
    const replayed = await replayFile(w, answer)
    expect(replayed.code).toBe(0)
    expect(result(replayed.out)).toEqual(JSON.parse(JSON.stringify(engine.summary(playing.state))))
  })
})
