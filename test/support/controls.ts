import type { Answer, FakeMember, FakeMessage } from '../../src/sandbox/discord/index.js'
import { engineFor } from '../../src/games/registry.js'
import { moveAction } from '../../src/render/custom-id.js'
import { parseCustomId } from '../../src/messages/custom-ids.js'
import type { TableSnapshot } from '../../src/tables/index.js'
import { langOf, LOCALES } from '../../src/i18n/index.js'

/**
 * What a member sees on a message and the controls they use for a move: shared by the end-to-end
 * tests and the load test (which runs outside vitest, so nothing here may import it).
 */

export function textOf(m: FakeMessage): string {
  return JSON.stringify({ content: m.content, embeds: m.embeds, components: m.components })
}

type Json = Record<string, any>

export function componentsOf(m: FakeMessage): Json[] {
  const out: Json[] = []
  const visit = (c: Json) => {
    out.push(c)
    for (const child of c.components ?? []) visit(child)
  }
  m.components.forEach(visit)
  return out
}

export function buttonLabels(m: FakeMessage): string[] {
  return componentsOf(m)
    .filter((c) => c.type === 2)
    .map((c) => c.label)
}

/**
 * The move a test player makes: the engine's own automatic move, except that a test player calls
 * instead of folding, so that Badugi hands reach the showdown.
 */
export function chooseMove(table: TableSnapshot, seat: number): Json {
  const engine = engineFor(table.game)!
  const auto = engine.autoAction(table.state, seat) as Json | null
  if (!auto) throw new Error(`seat ${seat} has nothing to do`)
  if (auto.type !== 'fold') return auto
  const legal = engine.legalActions(table.state, seat) as Json[]
  return legal.find((a) => a.type === 'call') ?? auto
}

function canonical(engineAction: unknown, game: string): string {
  const engine = engineFor(game)!
  const parsed = engine.actionSchema.safeParse(engineAction)
  const value = parsed.success ? parsed.data : engineAction
  return JSON.stringify(value, (_k, v) => (Array.isArray(v) ? [...v].sort() : v))
}

/** The control on a private view that stands for a move: a button, or a select menu and its values. */
export type Control =
  | { kind: 'button'; customId: string }
  | { kind: 'select'; customId: string; values: string[] }
  /** A move confirmed once more (Declare 31): this button asks, the question's button makes it. */
  | { kind: 'ask'; customId: string }

/**
 * Finds the control on a private view that stands for `action`: a button whose custom_id is that
 * move, or a select menu of that move with the action's cards as its values.
 */
export function controlFor(view: FakeMessage, game: string, action: Json): Control {
  const want = canonical(action, game)
  const cards: string[] = Array.isArray(action.cards)
    ? action.cards
    : typeof action.card === 'string'
      ? [action.card]
      : []
  for (const c of componentsOf(view)) {
    const id = typeof c.custom_id === 'string' ? parseCustomId(c.custom_id) : null
    if (id?.kind === 'ask' && canonical({ type: id.type }, game) === want) return { kind: 'ask', customId: c.custom_id }
    if (!id || id.kind !== 'move') continue
    if (c.type === 2) {
      const a = moveAction(id.move)
      if (a && canonical(a, game) === want) return { kind: 'button', customId: c.custom_id }
    } else if (c.type === 3) {
      const a = moveAction(id.move, cards)
      const offered = new Set((c.options ?? []).map((o: Json) => o.value))
      const fits =
        cards.every((v) => offered.has(v)) && cards.length >= (c.min_values ?? 1) && cards.length <= (c.max_values ?? 1)
      if (a && fits && canonical(a, game) === want) return { kind: 'select', customId: c.custom_id, values: cards }
    }
  }
  throw new Error(`no control for ${JSON.stringify(action)} on the view: ${textOf(view).slice(0, 1500)}`)
}

/** Uses the control on a private view that stands for `action` (see controlFor), confirming it when asked. */
export async function useControl(member: FakeMember, view: FakeMessage, game: string, action: Json): Promise<Answer> {
  const control = controlFor(view, game, action)
  if (control.kind === 'select') return member.select(view, control.customId, control.values)
  const answer = await member.click(view, control.customId)
  return control.kind === 'ask' ? confirm(member, answer) : answer
}

/** "Are you sure?" and "Cancel" in every language the bot speaks. */
const QUESTION = new Set(LOCALES.map((l) => langOf(l).t('table:question.title')))
const CANCEL = new Set(LOCALES.map((l) => langOf(l).t('table:buttons.cancel')))

/**
 * Presses the confirming button of a question (the first button that is not Cancel), in any
 * language; an answer that asks nothing is returned as it is.
 */
export async function confirm(member: FakeMember, answer: Answer): Promise<Answer> {
  if (!answer.embeds.some((e) => QUESTION.has(e.title ?? ''))) return answer
  const yes = componentsOf(answer).find((c) => c.type === 2 && !CANCEL.has(c.label))
  if (!yes) throw new Error(`a question without a confirming button: ${textOf(answer).slice(0, 500)}`)
  return member.click(answer, yes.custom_id as string)
}
