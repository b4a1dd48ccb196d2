import type { Payload } from '../payload.js'

/** A drawn picture: the PNG, its file name and its alt text. */
export interface CardImage {
  /** `table-<hash>.png` / `hand-<hash>.png`: the hash is of the drawn content. */
  readonly name: string
  readonly png: Buffer
  /** Alt text: the same information in words, every card named. */
  readonly description: string
  /** The face-up cards the picture shows (also in the PNG's "cards" text chunk). */
  readonly cards: readonly string[]
}

/**
 * Puts a picture on a message: uploaded as a file, shown as the first embed's image. Without a
 * picture the message asks for no attachments, so an edit also removes one shown before (images
 * just turned off, the game over).
 */
export function withImage(p: Payload, image: CardImage | null): Payload {
  const [first, ...rest] = p.embeds ?? []
  if (!image || !first) return { ...p, files: [], attachments: [] }
  return {
    ...p,
    embeds: [{ ...first, image: { url: `attachment://${image.name}` } }, ...rest],
    files: [{ attachment: image.png, name: image.name, description: image.description }],
  }
}

/**
 * For an edit: leaves out the files the message already carries under the same name (names are
 * content hashes, so the same name is the same picture). Sending neither files nor an attachment
 * list keeps the message's attachments as they are, so an unchanged picture is not uploaded again.
 */
export function keepUploaded(p: Payload, onMessage: Iterable<string>): Payload {
  if (!p.files?.length) return p
  const there = new Set(onMessage)
  if (!p.files.every((f) => there.has(f.name))) return p
  const { files: _files, attachments: _attachments, ...rest } = p
  return rest
}

/** The names of the files a payload uploads. */
export function fileNames(p: Payload): string[] {
  return (p.files ?? []).map((f) => f.name)
}
