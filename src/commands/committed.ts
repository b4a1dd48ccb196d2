import type { RepliableInteraction } from 'discord.js'
import type { Payload } from '../render/payload.js'

/**
 * What a member may be told of the change their interaction committed. Once the change is in the
 * database, anything that fails after it (drawing the new view, Discord failing the answer past
 * discord.js's retries) must not reach the member as the generic error, whose "nothing was
 * changed" would be a lie that invites them to do it again: the router answers this instead, and
 * the table message shows the rest once the outbox delivers it.
 */
const committed = new WeakMap<RepliableInteraction, Payload>()

/** Notes, right after its commit, what the interaction changed, in words that need nothing more to be drawn. */
export function noteCommitted(interaction: RepliableInteraction, known: Payload): void {
  committed.set(interaction, known)
}

/** What the interaction committed (`noteCommitted`), or undefined when it changed nothing (yet). */
export function committedAnswer(interaction: RepliableInteraction): Payload | undefined {
  return committed.get(interaction)
}
