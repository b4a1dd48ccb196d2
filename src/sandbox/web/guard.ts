import type { IncomingMessage } from 'node:http'

/**
 * Who may use the sandbox page's API: the page itself, and nothing else. The API acts as any
 * member of the sandbox (one of them holds Manage Server), so a request must name this server by
 * Host (a DNS rebinding page reaches 127.0.0.1 under its own name) and, when a browser says where
 * it comes from (Origin, Sec-Fetch-Site), come from this server's own origin.
 */

/** The largest request body the page ever sends is a slash command's options: far below this. */
export const BODY_MAX_BYTES = 16 * 1024

const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]']

/** The Host values this server answers to: its own address and the loopback names, on its port. */
export function ownHosts(host: string, port: number): Set<string> {
  const names = new Set([host.includes(':') && !host.startsWith('[') ? `[${host}]` : host, ...LOOPBACK])
  return new Set([...names].map((name) => `${name}:${port}`))
}

export type Refusal = { readonly status: 403; readonly error: string }

/** Null when the request comes from the page; else why not. */
export function refusal(req: IncomingMessage, hosts: ReadonlySet<string>): Refusal | null {
  const host = (req.headers.host ?? '').toLowerCase()
  if (!hosts.has(host)) return { status: 403, error: `This sandbox does not answer to the host "${host}".` }
  const origin = req.headers.origin
  if (origin !== undefined && !hosts.has(originHost(origin)))
    return { status: 403, error: `Requests from the origin "${origin}" are not allowed.` }
  // A browser that sends no Origin still says whether the request is the page's own.
  const site = req.headers['sec-fetch-site']
  if (origin === undefined && site !== undefined && site !== 'same-origin' && site !== 'none')
    return { status: 403, error: 'Requests from another origin are not allowed.' }
  return null
}

/** "http://127.0.0.1:3000" → "127.0.0.1:3000"; anything but a plain http origin → "". */
function originHost(origin: string): string {
  try {
    const url = new URL(origin)
    return url.protocol === 'http:' && url.origin === origin ? url.host : ''
  } catch {
    return ''
  }
}

/** A request body longer than the bound. */
export class BodyTooLarge extends Error {}

/** The request's body, refused (BodyTooLarge) once it passes `max` bytes: it is never read whole. */
export async function readBody(req: IncomingMessage, max = BODY_MAX_BYTES): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > max) throw new BodyTooLarge()
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > max) throw new BodyTooLarge()
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}
