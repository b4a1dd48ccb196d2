import { describe, expect, it } from 'vitest'
import type { Pace } from '../../src/discord/desk.js'
import type { InjectedFault } from '../../src/sandbox/discord/index.js'
import {
  buttonLabels,
  eachTestWorld,
  openAndStart,
  playTurn,
  privateAnswer,
  untilSomeoneActs,
  type World,
} from './harness.js'

const startWorld = eachTestWorld()

/** Every change drawn at once; an answer waits a moment for its change in the channel, as in production. */
const PROMPT: Pace = { tableEditMs: 0, answerWaitMs: 250 }

/**
 * Holds every write to the channel's messages until the returned function is called: the channel's
 * requests wait, as they do for Discord's global limit on a busy bot (other tables' requests ahead).
 */
function holdChannel(w: World): () => void {
  let release!: () => void
  const until = new Promise<void>((resolve) => (release = resolve))
  w.discord.injectFaults((method, path): InjectedFault | null =>
    method !== 'GET' && path.startsWith(`/channels/${w.channel.id}/messages`) ? { kind: 'hold', until } : null,
  )
  return () => {
    w.discord.injectFaults(null)
    release()
  }
}

/** A Bura game played to its end, everything of it shown; the table between games. */
async function gameOver(w: World) {
  await openAndStart(w, 'bura start', { buy_in: 200 }, ['bob'])
  // Start's answer waits for the channel only a moment (this pace): the game is read once shown.
  await w.bot.idle()
  // Each move's change is in the channel before the next (the answers here wait only a moment).
  for (let t = await untilSomeoneActs(w); t.progress === 'acting'; t = await w.table()) {
    await playTurn(w, t.waitingFor[0]!)
    await w.bot.idle()
  }
  return w.table()
}

describe("Next game is answered while the channel waits for Discord's global limit", () => {
  it.each([
    [
      'the result ping',
      (w: World, tableMessageId: string) =>
        w.channel.publicMessages().find((m) => m.id !== tableMessageId && buttonLabels(m).includes('Next game')),
    ],
    ['the table message', (w: World, tableMessageId: string) => w.discord.message(tableMessageId)],
  ])('on %s: the member is told the game is dealt, and the channel shows it once free', async (_, where) => {
    const w = await startWorld(['alice', 'bob'], { pace: PROMPT })
    const over = await gameOver(w)
    const button = where(w, over.messageId!)
    expect(button && buttonLabels(button)).toContain('Next game')

    const release = holdChannel(w)
    let answered
    try {
      // Before the fix the answer waited for the channel: the fake failed it as deferred and never answered.
      answered = await privateAnswer(w, await w.member('bob').click(button!, 'Next game'))
    } finally {
      release()
    }
    expect(answered.ephemeralFor).toBe(w.member('bob').id)
    expect(answered.content).toBe('The next game is dealt. Press **Your hand** to see your cards.')

    await w.bot.idle()
    const dealt = await w.table()
    expect(dealt.version).toBeGreaterThan(over.version)
    // Once the channel takes requests again, the table message shows the new game.
    expect(buttonLabels(w.publicMessage(dealt))).toContain('Your hand')
    expect(buttonLabels(w.publicMessage(dealt))).not.toContain('Next game')
  })
  it('pressed by both at once: one deals, the other is told it is dealt already', async () => {
    const w = await startWorld(['alice', 'bob'], { pace: PROMPT })
    const over = await gameOver(w)
    const ping = w.channel
      .publicMessages()
      .find((m) => m.id !== over.messageId && buttonLabels(m).includes('Next game'))
    const release = holdChannel(w)
    let answers
    try {
      answers = await Promise.all([
        w.member('bob').click(ping!, 'Next game'),
        w.member('alice').click(w.discord.message(over.messageId!)!, 'Next game'),
      ])
    } finally {
      release()
    }
    const texts = (await Promise.all(answers.map((a) => privateAnswer(w, a)))).map((m) => m.content)
    expect(texts.filter((t) => t === 'The next game is dealt. Press **Your hand** to see your cards.')).toHaveLength(1)
    expect(texts.filter((t) => t.startsWith('The next game is already dealt.'))).toHaveLength(1)
    await w.bot.idle()
    expect((await w.table()).version).toBeGreaterThan(over.version)
  })
})

describe("a control on the table message is answered while its table's earlier change waits for the channel", () => {
  it('Join behind /table add-ai: the member is told they joined; the lobby shows both once the channel is free', async () => {
    const w = await startWorld(['alice', 'bob'], { pace: PROMPT })
    const [alice, bob] = [w.member('alice'), w.member('bob')]
    await alice.slash(w.channel, 'bura start', { buy_in: 100 })
    const lobby = await w.channel.waitFor((m) => buttonLabels(m).includes('Join'))
    const release = holdChannel(w)
    let joined
    try {
      // The AI's seat goes to the lobby through the channel, which holds it: the table's next
      // change waits behind it to be drawn.
      expect((await privateAnswer(w, await alice.slash(w.channel, 'table add-ai'))).content).toMatch(/sits down/)
      joined = await privateAnswer(w, await bob.click(lobby, 'Join'))
    } finally {
      release()
    }
    expect(joined.ephemeralFor).toBe(bob.id)
    expect(joined.content).toMatch(/joined/i)
    await w.bot.idle()
    const shown = w.discord.message(lobby.id)!
    expect(shown.content + JSON.stringify(shown.embeds)).toContain(bob.id)
    expect(shown.content + JSON.stringify(shown.embeds)).toContain('Practice table')
  })
})
