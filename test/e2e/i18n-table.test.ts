import { describe, expect, it } from 'vitest'
import {
  buttonLabels,
  chooseMove,
  componentsOf,
  eachTestWorld,
  expectNothingHidden,
  textOf,
  useControl,
  type World,
} from './harness.js'
import { ENGLISH_WORDS } from '../support/english-words.js'
import type { FakeMessage } from '../../src/sandbox/discord/index.js'
import type { TableSnapshot } from '../../src/tables/index.js'

const startWorld = eachTestWorld()

/** Presses the German "Next game" until a Bura game waits for someone (a Bura may be dealt at once). */
async function untilSomeoneActs(w: World): Promise<TableSnapshot> {
  for (let t = await w.table(); ; t = await w.table()) {
    if (t.progress === 'acting') return t
    await w.member('alice').click(w.publicMessage(t), 'Nächstes Spiel')
  }
}

/** A German server where alice's Discord is German and bob's English. */
async function germanServer() {
  const w = await startWorld(['alice', 'bob'])
  w.guild.preferredLocale = 'de'
  const alice = w.member('alice')
  const bob = w.member('bob')
  alice.locale = 'de'
  bob.locale = 'en-US'
  return { w, alice, bob }
}

describe('a Bura table at a German server', () => {
  it('speaks German in public, and each member’s own language in their private view', async () => {
    const { w, alice, bob } = await germanServer()

    await alice.slash(w.channel, 'bura start', { ante: 10, buy_in: 100 })
    const lobby = await w.channel.waitFor((m) => buttonLabels(m).includes('Mitspielen'))
    expect(lobby.embeds[0]!.title).toBe('Bura — Tisch offen')
    expect(buttonLabels(lobby)).toEqual(['Mitspielen', 'Verlassen', 'Starten', 'KI dazu', 'Regeln'])
    expect(textOf(lobby)).toContain('Zugzeit')
    expect(lobby.embeds[0]!.description).toMatch(/^Russisches Stichspiel um Chips/)
    await bob.click(lobby, 'Mitspielen')
    await alice.click(lobby, 'Starten')

    const table = await untilSomeoneActs(w)
    const pub = w.publicMessage(table)
    const text = textOf(pub)
    expect(text).toMatch(/Spiel \d+ · Trumpf \*\*[♠♥♦♣] (Pik|Herz|Karo|Kreuz)\*\*/)
    expect(text).toMatch(/spielt aus|ist dran/)
    expect(pub.embeds[0]!.fields!.map((f) => f.name)).toContain('Pott')
    expect(buttonLabels(pub)).toEqual(['Mitspielen', 'Deine Karten', 'Regeln', 'Verlassen'])
    expect(text).not.toMatch(/Trump \*\*|to lead|Your hand/)
    // The picture's alt text speaks the message's language too.
    expect(pub.attachments[0]!.description).toMatch(/^Bura · Spiel \d+\. Trumpf /)

    // The turn ping is public: German, whoever is pinged.
    const mover = table.waitingFor[0]!
    const ping = await w.channel.waitFor(
      (m) => m.content.includes(`<@${mover}>`) && buttonLabels(m).includes('Spielen'),
    )
    // A dealt combination may already have led: then the ask is to answer.
    expect(ping.content).toMatch(/du bist dran bei Bura: (du spielst aus|leg \d Karten?)\. Automatischer Zug <t:/)

    // Private views: the German member's in German, the English member's in English.
    const deView = await alice.click(pub, 'Deine Karten')
    expect(deView.ephemeral).toBe(true)
    expect(deView.embeds[0]!.title).toMatch(/^Deine Karten — Bura, Spiel \d+$/)
    expect(deView.embeds[0]!.footer!.text).toMatch(/^Nur du siehst das\./)
    expect(textOf(deView)).toContain('Trumpf')
    expect(buttonLabels(deView)).toContain('↻ Aktualisieren')
    expect(deView.attachments[0]!.description).toMatch(/^Deine Karten · Bura Spiel \d+/)
    const enView = await bob.click(pub, 'Deine Karten')
    expect(enView.embeds[0]!.title).toMatch(/^Your hand — Bura, game \d+$/)
    expect(enView.embeds[0]!.footer!.text).toMatch(/^Only you can see this\./)
    expect(textOf(enView)).toContain('Trump **')
    expect(buttonLabels(enView)).toContain('↻ Refresh')
    expect(enView.attachments[0]!.description).toMatch(/^Your hand · Bura game \d+/)

    // A move from the English view: the public log line is German.
    const views: Record<string, FakeMessage> = { [alice.id]: deView, [bob.id]: enView }
    const seat = table.seats.find((s) => s.userId === mover)!.position!
    const moverMember = mover === alice.id ? alice : bob
    await useControl(moverMember, views[mover]!, 'bura', chooseMove(table, seat))
    const after = await w.channel.waitFor((m) =>
      (m.embeds[0]?.fields ?? []).some((f) => f.name === 'Zuletzt' && f.value.includes(`<@${mover}> hat`)),
    )
    expect(textOf(after)).not.toContain('Latest')
  })

  it('plays a whole game in German in public; the English member reads English only in private', async () => {
    const { w, alice, bob } = await germanServer()
    const byId = new Map([
      [alice.id, alice],
      [bob.id, bob],
    ])

    // Card emojis on: a German text's queens and jacks get the emojis that show D and B.
    await w.bot.emojisSettled
    await alice.slash(w.channel, 'bura start', { ante: 10, buy_in: 1000 })
    const lobby = await w.channel.waitFor((m) => buttonLabels(m).includes('Mitspielen'))
    await bob.click(lobby, 'Mitspielen')
    await alice.click(lobby, 'Starten')

    // Every public message as it showed at some point: turn pings go once answered, edits replace.
    const seen = new Map<string, FakeMessage>()
    const look = () => {
      for (const m of w.channel.publicMessages()) seen.set(`${m.id}@${m.editedAt ?? m.createdAt}`, m)
    }
    let table = await untilSomeoneActs(w)
    // The deal's turn ping is posted after Start's answer (a move's ping comes before its answer).
    await w.bot.idle()
    let moves = 0
    while (table.progress === 'acting') {
      look()
      const mover = table.waitingFor[0]!
      const member = byId.get(mover)!
      const pub = w.publicMessage(table)
      // The table message stays German, whoever looks at it.
      expect(pub.embeds[0]!.fields!.map((f) => f.name)).toContain('Pott')
      const view = await member.click(pub, 'Deine Karten')
      expect(view.ephemeral).toBe(true)
      if (member === alice) {
        expect(view.embeds[0]!.title).toMatch(/^Deine Karten — Bura, Spiel \d+$/)
        expect(view.embeds[0]!.description).toMatch(/<:card_\w+:\d+> \*\*/)
        expectGermanArt(view)
      } else {
        expect(view.embeds[0]!.title).toMatch(/^Your hand — Bura, game \d+$/)
        expect(buttonLabels(view)).toContain('↻ Refresh')
      }
      const seat = table.seats.find((s) => s.userId === mover)!.position!
      await useControl(member, view, 'bura', chooseMove(table, seat))
      await expectNothingHidden(w, table.id)
      if (++moves > 200) throw new Error('the game did not end')
      table = await w.table()
    }

    // The game's result: on the table message, and pinged to both players, in German.
    look()
    expect(moves).toBeGreaterThan(0)
    const posted = [...seen.values()]
    expect(posted.some((m) => /^🏁 \*\*Bura\*\* — Spiel \d+: /.test(m.content))).toBe(true)
    const resultPing = posted.find((m) => m.content.startsWith('🏁 <@'))!
    expect(resultPing.content).toMatch(/^🏁 <@\d+> und <@\d+> — Bura: Spiel \d+: /)
    expect(resultPing.content).toContain('**Nächstes Spiel**')
    expect(posted.some((m) => /^<@\d+>, du bist dran bei Bura: /.test(m.content))).toBe(true)
    // Every public message the bot posted here (lobby and table message, turn pings, the result
    // and its ping) reads German: no English word in what a member can read.
    for (const m of posted) {
      for (const line of readable(m)) expect(line, `message ${m.id}`).not.toMatch(ENGLISH_WORDS)
      expectGermanArt(m)
    }
  }, 120_000)
})

/** A German message's queen and jack emojis are the German art (`card_QS_de`), never the English Q and J. */
function expectGermanArt(m: FakeMessage): void {
  const text = JSON.stringify({ content: m.content, embeds: m.embeds })
  expect(text).not.toMatch(/<:card_[QJ][SHDC]:\d+>/)
  for (const [, art] of text.matchAll(/<:(card_\w+):\d+> (?:\*\*)?[DB][♠♥♦♣]/g)) expect(art).toMatch(/_de$/)
}

/** What a member reads in a message: its text, embeds, control labels and pictures' alt text. */
function readable(m: FakeMessage): string[] {
  const out = [m.content]
  for (const e of m.embeds) {
    out.push(e.title ?? '', e.description ?? '', e.footer?.text ?? '')
    for (const f of e.fields ?? []) out.push(f.name, f.value)
  }
  for (const c of componentsOf(m)) {
    out.push(String(c.label ?? ''), String(c.placeholder ?? ''))
    for (const o of (c.options ?? []) as { label: string; description?: string }[])
      out.push(o.label, o.description ?? '')
  }
  for (const a of m.attachments) out.push(a.description ?? '')
  return out.filter(Boolean)
}
