import { MessageFlags, type RepliableInteraction } from 'discord.js'
import { keepUploaded } from '../render/images/attach.js'
import type { Payload } from '../render/payload.js'
import type { Component } from './components/component.js'

/** Whether a component sits on a private (ephemeral) message, which it then updates in place. */
export function onPrivateMessage(interaction: RepliableInteraction): interaction is Component {
  return (
    (interaction.isButton() || interaction.isStringSelectMenu()) &&
    interaction.message.flags.has(MessageFlags.Ephemeral)
  )
}

/** The private view redrawn in place: a picture the view already shows is not uploaded again. */
export function inPlace(interaction: Component, p: Payload): Payload {
  return keepUploaded(
    p,
    interaction.message.attachments.map((a) => a.name),
  )
}
