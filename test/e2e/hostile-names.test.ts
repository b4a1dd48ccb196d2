import { describe, expect, it } from 'vitest'
import type { FakeChannel, FakeMessage } from '../../src/sandbox/discord/index.js'
import { buttonLabels, eachTestWorld, playUntil, privateAnswer, type World } from './harness.js'

const startWorld = eachTestWorld()

/** Names a member may choose, each trying to make the bot write something it did not mean to. */
const LINK = '[free nitro](https://example.com)'
const EVERYONE = '@everyone'
const INVISIBLE = 'zero\u200bwidth\u2060\ufeffname\u202e'
// 32 characters (Discord's longest display name) with emojis.
const LONG = '🂡🂱 ♠♥ The Very Long Name ♦♣ 🃁🃑'
const HOSTILE = [LINK, EVERYONE, INVISIBLE, LONG]

/** Everything a public message shows as text: content, embeds, button and select labels. */
function shownText(m: FakeMessage): string {
  return [m.content, JSON.stringify(m.embeds), JSON.stringify(m.components)].join('\n')
}

/** The ways a text could misbehave on Discord: a disguised link, a mass ping, hidden characters. */
function misbehaviour(text: string): string[] {
  const found: string[] = []
  if (/(?<!\\)\[[^\]\n]*(?<!\\)\]\(\s*<?https?:/.test(text)) found.push('a masked link')
  if (/(?<!\\)@(everyone|here)/.test(text)) found.push('an unescaped @everyone or @here')
  if (/[\u200b\u200c\u2060\ufeff\u202a-\u202e]/.test(text)) found.push('an invisible character')
  if (text.includes(INVISIBLE)) found.push('the raw invisible name')
  return found
}

function checkPublic(w: World, channels: readonly FakeChannel[], seated: readonly string[]): number {
  let checked = 0
  for (const channel of channels)
    for (const m of channel.publicMessages()) {
      checked++
      expect(misbehaviour(shownText(m)), `message ${m.id}: ${m.content}`).toEqual([])
      expect(m.pings.everyone, `message ${m.id} pings everyone`).toBe(false)
      for (const user of m.pings.users) expect(seated, `message ${m.id} pings ${w.nameOf(user)}`).toContain(user)
    }
  return checked
}

describe('names members choose are written as text, never as markdown or mentions', () => {
  it('a game among hostile names: every public message escapes them and pings only the players', async () => {
    const w = await startWorld([...HOSTILE, 'carol'], { admins: ['carol'] })
    const home = w.channel
    await w.member('carol').slash(home, 'settings set', { threads: 'on' })
    const [host, ...others] = HOSTILE.map((n) => w.member(n))

    // A typed duration comes back in the refusal: as text too.
    const refused = await host!.slash(home, 'bura start', { deadline: `${LINK} ${EVERYONE}` })
    expect(refused.ephemeralFor).toBe(host!.id)
    expect(misbehaviour(refused.content)).toEqual([])
    expect(refused.pings).toEqual({ everyone: false, users: [] })

    await host!.slash(home, 'bura start', { buy_in: 100 })
    const [thread] = home.threads()
    expect(thread).toBeDefined()
    // A channel's name is plain text on Discord (no markdown, no mentions): only made plain.
    expect(thread!.name).toBe(`Bura · ${LINK.slice(0, 32)}`)
    expect(thread!.name).not.toMatch(/[\u200b\u2060\ufeff\n]/)
    w.playIn(thread!)
    const lobby = await thread!.waitFor((m) => buttonLabels(m).includes('Join'))
    for (const m of others) {
      const said = await privateAnswer(w, await m.click(lobby, 'Join'))
      expect(said.pings.everyone).toBe(false)
    }
    await host!.click(lobby, 'Start')
    await playUntil(w, (t) => t.progress !== 'acting')
    await w.bot.idle()

    const seated = [host!, ...others].map((m) => m.id)
    expect(checkPublic(w, [home, thread!], seated)).toBeGreaterThan(3)
    // The pointer in the channel names the host, escaped.
    const pointer = home.publicMessages().find((m) => m.id === thread!.id)!
    expect(pointer.content).toContain('\\[free nitro\\](https://example.com')
  })
})
