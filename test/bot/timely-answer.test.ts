import type { RepliableInteraction } from 'discord.js'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEFER_AFTER_MS, TimelyAnswer } from '../../src/discord/timely-answer.js'

/**
 * A component interaction on a private view as discord.js presents it, recording the requests its
 * answer makes (each one interaction callback or webhook call on Discord); Discord fails its first
 * `failedDeferrals` deferrals with a 500.
 */
function clickOnView(createdAgoMs = 0, failedDeferrals = 0) {
  const requests: string[] = []
  const deferral = (kind: string) => {
    if (failedDeferrals-- <= 0) return false
    requests.push(`callback ${kind} → 500`)
    throw new Error('Internal Server Error')
  }
  const interaction = {
    createdTimestamp: Date.now() - createdAgoMs,
    deferred: false,
    replied: false,
    isMessageComponent: () => true,
    update: async () => {
      requests.push('callback UPDATE_MESSAGE')
      interaction.replied = true
    },
    reply: async () => {
      requests.push('callback CHANNEL_MESSAGE (private)')
      interaction.replied = true
    },
    deferUpdate: async () => {
      deferral('DEFERRED_UPDATE_MESSAGE')
      requests.push('callback DEFERRED_UPDATE_MESSAGE')
      interaction.deferred = true
    },
    deferReply: async () => {
      deferral('DEFERRED_CHANNEL_MESSAGE (private)')
      requests.push('callback DEFERRED_CHANNEL_MESSAGE (private)')
      interaction.deferred = true
    },
    editReply: async () => {
      requests.push('webhook edit')
      interaction.replied = true
    },
    followUp: async () => {
      requests.push('webhook follow-up (private)')
      interaction.replied = true
    },
  }
  return { interaction: interaction as unknown as RepliableInteraction, requests }
}

const view = { content: 'your hand' }

describe('one answer to an interaction in as few requests as time allows', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('an answer ready in time is the acknowledgement itself: one UPDATE_MESSAGE of the view', async () => {
    const { interaction, requests } = clickOnView()
    const answer = new TimelyAnswer(interaction, true)
    await vi.advanceTimersByTimeAsync(DEFER_AFTER_MS - 1)
    await answer.send(view)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(requests).toEqual(['callback UPDATE_MESSAGE'])
  })

  it('a reply ready in time is one private reply', async () => {
    const { interaction, requests } = clickOnView()
    const answer = new TimelyAnswer(interaction, false)
    await answer.send(view)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(requests).toEqual(['callback CHANNEL_MESSAGE (private)'])
  })

  it('a slow answer is deferred when the window closes and edited in when ready', async () => {
    const { interaction, requests } = clickOnView()
    const answer = new TimelyAnswer(interaction, true)
    await vi.advanceTimersByTimeAsync(DEFER_AFTER_MS)
    expect(requests).toEqual(['callback DEFERRED_UPDATE_MESSAGE'])
    await answer.send(view)
    expect(requests).toEqual(['callback DEFERRED_UPDATE_MESSAGE', 'webhook edit'])
  })

  it('the time an interaction spent on the way counts: it is deferred that much sooner', async () => {
    const { interaction, requests } = clickOnView(400)
    new TimelyAnswer(interaction, true)
    await vi.advanceTimersByTimeAsync(DEFER_AFTER_MS - 401)
    expect(requests).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(requests).toEqual(['callback DEFERRED_UPDATE_MESSAGE'])
  })

  it('an interaction that reached a busy bot late is acknowledged at once', async () => {
    const { interaction, requests } = clickOnView(800)
    const answer = new TimelyAnswer(interaction, true)
    await vi.advanceTimersByTimeAsync(0)
    expect(requests).toEqual(['callback DEFERRED_UPDATE_MESSAGE'])
    await answer.send(view)
    expect(requests).toEqual(['callback DEFERRED_UPDATE_MESSAGE', 'webhook edit'])
  })

  it('a deferral Discord failed leaves the answer to acknowledge by itself, and a later defer asks again', async () => {
    const { interaction, requests } = clickOnView(0, 1)
    const answer = new TimelyAnswer(interaction, true)
    await vi.advanceTimersByTimeAsync(DEFER_AFTER_MS)
    await answer.send(view)
    expect(requests).toEqual(['callback DEFERRED_UPDATE_MESSAGE → 500', 'callback UPDATE_MESSAGE'])

    const { interaction: other, requests: asked } = clickOnView(0, 1)
    const slow = new TimelyAnswer(other, false)
    await expect(slow.defer()).rejects.toThrow('Internal Server Error')
    await slow.defer()
    expect(asked).toEqual([
      'callback DEFERRED_CHANNEL_MESSAGE (private) → 500',
      'callback DEFERRED_CHANNEL_MESSAGE (private)',
    ])
  })

  it('a control on the table message deferred before its update: the private answer follows, then the message is edited', async () => {
    const { interaction, requests } = clickOnView()
    const answer = new TimelyAnswer(interaction, 'table-message')
    await answer.defer()
    await answer.send(view)
    await answer.update({ content: 'the table' })
    expect(requests).toEqual(['callback DEFERRED_UPDATE_MESSAGE', 'webhook follow-up (private)', 'webhook edit'])
  })

  it('a control on the table message answered privately first cannot update that message any more', async () => {
    const { interaction, requests } = clickOnView()
    const answer = new TimelyAnswer(interaction, 'table-message')
    await answer.send(view)
    await expect(answer.update({ content: 'the table' })).rejects.toThrow(/only an unanswered or deferred control/)
    expect(requests).toEqual(['callback CHANNEL_MESSAGE (private)'])
  })
})
