import type { IncomingMessage, ServerResponse } from 'node:http'
import type { APIAttachment, APIEmbed } from 'discord-api-types/v10'
import { addFormError, HttpError, invalidFormBody, type FormErrorTree } from './errors.js'
import { parseMultipart } from './multipart.js'

/**
 * Files on messages, as Discord takes them: a multipart body with the message in `payload_json`
 * and the files in `files[n]`; the message's `attachments` array says which files (by index, new)
 * and which attachments (by id, already on the message) it carries; embeds show a file through
 * `attachment://<filename>`. The fake stores the bytes and serves them at the attachment's `url`.
 */

export const ATTACHMENT_LIMITS = {
  /** Files a message may carry. */
  perMessage: 10,
  /** Discord's upload limit for a server without boosts: 10 MiB a request. */
  requestBytes: 10 * 1024 * 1024,
  description: 1024,
} as const

/** Where readBody puts a multipart body's files: on the message object (the callback's `data`). */
export const UPLOADS = Symbol('uploads')

export interface UploadedFile {
  readonly index: number
  readonly filename: string
  readonly contentType: string
  readonly data: Buffer
}

export interface AttachmentRecord {
  readonly id: string
  readonly filename: string
  readonly description: string | null
  readonly contentType: string
  readonly size: number
  readonly url: string
  readonly width: number | null
  readonly height: number | null
  readonly data: Buffer
}

/** An attachment as tests see it (without the bytes: fetch `url`, or `FakeDiscord.attachmentData`). */
export type FakeAttachment = Omit<AttachmentRecord, 'data'>

export interface AttachmentBody {
  attachments?: { id?: unknown; filename?: unknown; description?: unknown }[] | null
  embeds?: APIEmbed[] | null
  [UPLOADS]?: UploadedFile[]
}

const tooLarge = () => new HttpError(413, { message: 'Request entity too large', code: 40005 })

/** Reads a multipart body: the JSON of `payload_json`, with the files under UPLOADS of the message in it. */
export function readMultipart(raw: Buffer, type: string): unknown {
  if (raw.length > ATTACHMENT_LIMITS.requestBytes + 1024 * 1024) throw tooLarge()
  const parts = parseMultipart(raw, type)
  const json = parts.find((p) => p.name === 'payload_json' && p.filename === null)
  const body = (json ? JSON.parse(json.data.toString('utf8')) : {}) as Record<string | symbol, unknown>
  const files: UploadedFile[] = []
  let total = 0
  for (const part of parts) {
    const m = /^files\[(\d+)\]$/.exec(part.name)
    if (!m || part.filename === null) continue
    total += part.data.length
    files.push({
      index: Number(m[1]),
      filename: part.filename,
      contentType: part.contentType || 'application/octet-stream',
      data: part.data,
    })
  }
  if (total > ATTACHMENT_LIMITS.requestBytes) throw tooLarge()
  // An interaction callback carries the message in `data`; every other route is the message itself.
  const message = body.data && typeof body.data === 'object' ? (body.data as Record<symbol, unknown>) : body
  if (files.length) message[UPLOADS] = files
  return body
}

/** Width and height of a PNG (from its IHDR), else null: Discord reports them for images. */
function pngSize(data: Buffer): { width: number; height: number } | null {
  if (data.length < 24 || data.toString('latin1', 1, 4) !== 'PNG') return null
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) }
}

export class AttachmentStore {
  private readonly byPath = new Map<string, AttachmentRecord>()
  baseUrl = ''

  constructor(private readonly nextId: () => string) {}

  /**
   * The attachments a message has after a create (previous = []) or an edit. Without an
   * `attachments` array, an edit keeps what the message had and adds the files uploaded; with
   * one, the message keeps exactly the listed attachments (ids) and new files (indexes).
   */
  resolve(channelId: string, previous: readonly AttachmentRecord[], body: AttachmentBody): AttachmentRecord[] {
    const uploads = body[UPLOADS] ?? []
    const errors: FormErrorTree = {}
    const add = (path: (string | number)[], code: string, message: string) => addFormError(errors, path, code, message)
    const fresh = (file: UploadedFile, description: string | null, filename = file.filename) => {
      const id = this.nextId()
      const url = `${this.baseUrl}/attachments/${channelId}/${id}/${encodeURIComponent(filename)}`
      const size = pngSize(file.data)
      const record: AttachmentRecord = {
        id,
        filename,
        description,
        contentType: file.contentType,
        size: file.data.length,
        url,
        width: size?.width ?? null,
        height: size?.height ?? null,
        data: file.data,
      }
      this.byPath.set(new URL(url).pathname, record)
      return record
    }
    let result: AttachmentRecord[]
    if (!Array.isArray(body.attachments)) {
      result = [...previous, ...uploads.map((f) => fresh(f, null))]
    } else {
      result = []
      body.attachments.forEach((a, i) => {
        const description = typeof a.description === 'string' ? a.description : null
        if (description && description.length > ATTACHMENT_LIMITS.description)
          add(
            ['attachments', i, 'description'],
            'BASE_TYPE_MAX_LENGTH',
            `Must be ${ATTACHMENT_LIMITS.description} or fewer in length.`,
          )
        const kept = previous.find((p) => p.id === String(a.id))
        if (kept) return void result.push(kept)
        const file = uploads.find((f) => String(f.index) === String(a.id))
        if (!file) return add(['attachments', i, 'id'], 'ATTACHMENT_NOT_FOUND', 'Unknown attachment.')
        result.push(fresh(file, description, typeof a.filename === 'string' ? a.filename : file.filename))
      })
    }
    if (result.length > ATTACHMENT_LIMITS.perMessage)
      add(['attachments'], 'BASE_TYPE_MAX_LENGTH', `Must be ${ATTACHMENT_LIMITS.perMessage} or fewer in length.`)
    if (Object.keys(errors).length) throw invalidFormBody(errors)
    return result
  }

  /**
   * Embeds with `attachment://<filename>` turned into the attachment's url. A reference to a file
   * the message does not carry is refused (Discord shows a broken image; the fake makes it loud).
   */
  embedsWith(embeds: readonly APIEmbed[], attachments: readonly AttachmentRecord[]): APIEmbed[] {
    const errors: FormErrorTree = {}
    const out = embeds.map((embed, i) => {
      const fix = (url: string | undefined, path: string[]): string | undefined => {
        if (!url?.startsWith('attachment://')) return url
        const name = url.slice('attachment://'.length)
        const found = attachments.find((a) => a.filename === name)
        if (!found)
          addFormError(
            errors,
            ['embeds', i, ...path],
            'ATTACHMENT_NOT_FOUND',
            `No attachment named ${name} on the message.`,
          )
        return found?.url ?? url
      }
      const copy: APIEmbed = { ...embed }
      if (embed.image) copy.image = { ...embed.image, url: fix(embed.image.url, ['image', 'url'])! }
      if (embed.thumbnail) copy.thumbnail = { ...embed.thumbnail, url: fix(embed.thumbnail.url, ['thumbnail', 'url'])! }
      return copy
    })
    if (Object.keys(errors).length) throw invalidFormBody(errors)
    return out
  }

  /** The stored bytes of an attachment, by its url or id. */
  data(urlOrId: string): Buffer | undefined {
    if (urlOrId.includes('/')) return this.byPath.get(new URL(urlOrId).pathname)?.data
    for (const a of this.byPath.values()) if (a.id === urlOrId) return a.data
    return undefined
  }

  /** Serves `GET /attachments/...`; false when the request is not for an attachment. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    // Every request passes here first: the API's are told apart without parsing their URL.
    if (!req.url?.startsWith('/attachments/')) return false
    const path = new URL(req.url, 'http://x').pathname
    const found = req.method === 'GET' ? this.byPath.get(path) : undefined
    if (!found) res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found')
    else res.writeHead(200, { 'content-type': found.contentType, 'content-length': String(found.size) }).end(found.data)
    return true
  }
}

export function apiAttachment(a: AttachmentRecord): APIAttachment {
  return {
    id: a.id,
    filename: a.filename,
    ...(a.description !== null ? { description: a.description } : {}),
    content_type: a.contentType,
    size: a.size,
    url: a.url,
    proxy_url: a.url,
    ...(a.width !== null ? { width: a.width, height: a.height } : {}),
  }
}

export function fakeAttachment(a: AttachmentRecord): FakeAttachment {
  const { data: _data, ...rest } = a
  return rest
}
