import { MessageFlags, type RepliableInteraction } from 'discord.js'
import { forUpdate, type Payload } from '../render/payload.js'

/**
 * Discord gives 3 s to acknowledge an interaction, counted from its creation. An answer not ready
 * this long after it (a busy database, a slow picture) is deferred first and edited in when ready;
 * the margin covers the network both ways and a busy event loop.
 */
export const DEFER_AFTER_MS = 1500
/** An interaction older than this by our clock means the clocks disagree, not that it waited. */
const CLOCKS_AGREE_MS = 60_000
/**
 * An interaction that waited this long to reach its handler finds a busy event loop: it is
 * acknowledged at once, since the work ahead of a timer (pictures, database) could hold a late
 * acknowledgement past Discord's 3 s. Work that must wait for its turn is acknowledged by the
 * work gate (in-turn.ts).
 */
const BUSY_AGE_MS = 500

/**
 * One answer to an interaction in as few requests as time allows: ready within DEFER_AFTER_MS of
 * the interaction's creation, it is the acknowledgement itself (one UPDATE_MESSAGE of the private
 * view in place, or one private reply); only a slower answer, or one started while the bot is busy,
 * costs a defer and an edit. Extra private messages (follow-ups) need `defer()` first.
 */
export class TimelyAnswer {
  private deferring: Promise<unknown> | null = null
  private sending = false
  /** When the window closes (real ms): a slower answer is deferred then. */
  private readonly windowEnds: number

  constructor(
    private readonly interaction: RepliableInteraction,
    /**
     * true: update the message the component sits on (a private view) instead of replying.
     * 'table-message': a control on a public message, which the answer may update (`update`)
     * while its private text goes as a reply or a follow-up (`send`); deferred without a trace.
     */
    private readonly inPlace: boolean | 'table-message',
    windowMs = DEFER_AFTER_MS,
  ) {
    // The time already spent on the way (and in a busy event loop) counts, unless the clocks
    // disagree too much to tell (a test's fake clock, a badly set server clock).
    const age = Date.now() - interaction.createdTimestamp
    const spent = age >= 0 && age < CLOCKS_AGREE_MS ? age : 0
    const left = Math.max(0, windowMs - spent)
    this.windowEnds = Date.now() + left
    if (spent > BUSY_AGE_MS) {
      this.defer().catch(() => undefined)
      return
    }
    const timer = setTimeout(() => {
      if (!this.sending) this.defer().catch(() => undefined)
    }, left)
    // A handler that ends without answering must not keep a stopping bot alive.
    timer.unref()
  }

  /** Real ms left before the window closes (0 once it has): an answer expected later is deferred anyway. */
  msLeft(): number {
    return Math.max(0, this.windowEnds - Date.now())
  }

  /** Acknowledges now (for answers that add follow-ups); resolves once acknowledged. */
  defer(): Promise<unknown> {
    const i = this.interaction
    this.deferring ??= (
      this.sending || i.deferred || i.replied
        ? Promise.resolve()
        : this.inPlace !== false && i.isMessageComponent()
          ? i.deferUpdate()
          : i.deferReply({ flags: MessageFlags.Ephemeral })
    ).catch((error: unknown) => {
      // Discord failed it: still unacknowledged, so a later defer asks again.
      this.deferring = null
      throw error
    })
    return this.deferring
  }

  /** Waits for a deferral under way; one Discord failed leaves the answer to acknowledge by itself. */
  private async deferral(): Promise<void> {
    if (this.deferring) await this.deferring.catch(() => undefined)
  }

  /** Sends the answer: the acknowledgement itself while in time, else the edit of the deferred one. */
  async send(payload: Payload): Promise<void> {
    const i = this.interaction
    await this.deferral()
    if (this.inPlace === 'table-message') return this.sendPrivately(payload)
    if (i.deferred || i.replied) return void (await i.editReply(forUpdate(payload)))
    this.sending = true
    if (this.inPlace && i.isMessageComponent()) await i.update(forUpdate(payload))
    else await i.reply({ ...payload, flags: MessageFlags.Ephemeral })
  }

  /**
   * A control on a public message: updates that message with `payload` (the acknowledgement
   * itself while in time, else the edit of the deferred update, also after the private answer
   * followed it). Private answers follow (`send`).
   */
  async update(payload: Payload): Promise<void> {
    const i = this.interaction
    await this.deferral()
    // Deferred, the control's message is the interaction's original (a private reply would be).
    if (this.inPlace !== 'table-message' || !i.isMessageComponent() || (i.replied && !i.deferred))
      throw new Error('only an unanswered or deferred control on a public message updates it')
    if (i.deferred) return void (await i.editReply(forUpdate(payload)))
    this.sending = true
    await i.update(forUpdate(payload))
  }

  /** The private answer to a control on a public message: the reply, or a follow-up once acknowledged. */
  private async sendPrivately(payload: Payload): Promise<void> {
    const i = this.interaction
    if (i.deferred || i.replied) return void (await i.followUp({ ...payload, flags: MessageFlags.Ephemeral }))
    this.sending = true
    await i.reply({ ...payload, flags: MessageFlags.Ephemeral })
  }
}
