import type { IncomingMessage, ServerResponse } from 'node:http'
import { addFormError, HttpError, invalidFormBody, type FormErrorTree } from './errors.js'
import type { Route } from './rest.js'
import type { UserRecord } from './model.js'

/**
 * Application emojis (`/applications/:app/emojis`): an application owns up to 2,000, named
 * 2-32 characters of letters, digits and `_`, unique per application, each image at most 256 KiB
 * (a data URI). Tests can make uploads fail (`failUploads`), as when Discord is down or the
 * limit is reached. Their images are served where Discord's CDN serves them, `/emojis/<id>.png`.
 */

export const EMOJI_LIMITS = { perApplication: 2000, imageBytes: 256 * 1024 } as const

export interface EmojiRecord {
  readonly id: string
  name: string
  readonly image: Buffer
  /** The image's type as uploaded: `image/png`, `image/jpeg`, … */
  readonly contentType: string
}

export class ApplicationEmojis {
  readonly emojis: EmojiRecord[] = []
  /** Uploads made (successful ones), for tests that count them. */
  uploads = 0
  /** When set, every upload answers this error (e.g. 500, or 400 code 30018). */
  failUploads: HttpError | null = null

  constructor(
    private readonly nextId: () => string,
    private readonly owner: () => UserRecord,
  ) {}

  api(e: EmojiRecord) {
    const user = this.owner()
    return {
      id: e.id,
      name: e.name,
      roles: [],
      user: { id: user.id, username: user.username, discriminator: '0', global_name: null, avatar: null, bot: true },
      require_colons: true,
      managed: false,
      animated: false,
      available: true,
    }
  }

  private find(id: string): EmojiRecord {
    const e = this.emojis.find((x) => x.id === id)
    if (!e) throw new HttpError(404, { message: 'Unknown Emoji', code: 10014 })
    return e
  }

  private checkName(name: unknown, errors: FormErrorTree, self?: EmojiRecord): name is string {
    if (typeof name !== 'string' || !/^[A-Za-z0-9_]{2,32}$/.test(name)) {
      addFormError(errors, ['name'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 2 and 32 in length and alphanumeric.')
      return false
    }
    if (this.emojis.some((e) => e.name === name && e !== self)) {
      addFormError(errors, ['name'], 'APPLICATION_EMOJI_NAME_ALREADY_TAKEN', 'Emoji name already taken.')
      return false
    }
    return true
  }

  create(body: { name?: unknown; image?: unknown }): EmojiRecord {
    if (this.failUploads) throw this.failUploads
    const errors: FormErrorTree = {}
    const nameOk = this.checkName(body.name, errors)
    const m = typeof body.image === 'string' ? /^data:image\/(png|jpe?g|gif|webp);base64,(.+)$/.exec(body.image) : null
    const image = m ? Buffer.from(m[2]!, 'base64') : null
    if (!image) addFormError(errors, ['image'], 'BINARY_TYPE_INVALID', 'Invalid image data.')
    else if (image.length > EMOJI_LIMITS.imageBytes)
      addFormError(errors, ['image'], 'BINARY_TYPE_MAX_SIZE', 'File cannot be larger than 256.0 kb.')
    if (Object.keys(errors).length || !nameOk || !image) throw invalidFormBody(errors)
    if (this.emojis.length >= EMOJI_LIMITS.perApplication)
      throw new HttpError(400, { message: 'Maximum number of emojis reached (2000)', code: 30008 })
    const contentType = `image/${m![1] === 'jpg' ? 'jpeg' : m![1]}`
    const emoji: EmojiRecord = { id: this.nextId(), name: body.name as string, image, contentType }
    this.emojis.push(emoji)
    this.uploads++
    return emoji
  }

  /**
   * Serves `GET /emojis/<id>.<ext>` (Discord's CDN path for a custom emoji's image); false when the
   * request is not for an emoji. The image comes as uploaded, whichever extension is asked for.
   */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (!req.url?.startsWith('/emojis/')) return false
    const id = /^\/emojis\/(\d+)\.(?:png|webp|gif|jpe?g)(?:\?.*)?$/.exec(req.url)?.[1]
    const found = req.method === 'GET' && id ? this.emojis.find((e) => e.id === id) : undefined
    if (!found) res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found')
    else
      res
        .writeHead(200, { 'content-type': found.contentType, 'content-length': String(found.image.length) })
        .end(found.image)
    return true
  }

  routes(bot: (method: string, pattern: string, handle: Route['handle']) => Route): Route[] {
    const base = '/applications/:application/emojis'
    return [
      bot('GET', base, () => ({ items: this.emojis.map((e) => this.api(e)) })),
      bot('POST', base, (req) => this.api(this.create(req.body ?? {}))),
      bot('GET', `${base}/:emoji`, (req) => this.api(this.find(req.params.emoji!))),
      bot('PATCH', `${base}/:emoji`, (req) => {
        const e = this.find(req.params.emoji!)
        const errors: FormErrorTree = {}
        if (!this.checkName(req.body?.name, errors, e)) throw invalidFormBody(errors)
        e.name = req.body.name
        return this.api(e)
      }),
      bot('DELETE', `${base}/:emoji`, (req) => {
        const e = this.find(req.params.emoji!)
        this.emojis.splice(this.emojis.indexOf(e), 1)
        return null
      }),
    ]
  }
}
