import { randomUUID } from 'node:crypto'
import type { InternalRequest, RawFile } from 'discord.js'
import { filetypeinfo } from 'magic-bytes.js'
import { PNG_SIGNATURE } from '../render/images/png.js'

/**
 * A request that uploads files, with its multipart body encoded here into one buffer. discord.js
 * would hand undici a FormData of Blobs, which undici streams part by part: Blob reads and a
 * socket write for each piece of every picture uploaded, about a tenth of a busy bot's thread in
 * its profiles. One buffer goes out in one write. The parts are the ones discord.js sends, in its
 * order: each file (`files[n]`, or the file's own key), then `payload_json` (or, with
 * `appendToFormData`, the body's fields one by one). A request without files is returned as it is.
 */
export function withMultipartBody(request: InternalRequest): InternalRequest {
  const { files } = request
  if (!files?.length) return request
  const boundary = `----card-table-${randomUUID()}`
  const parts: Buffer[] = []
  const part = (disposition: string, type: string | null, data: Buffer) => {
    const typeLine = type ? `Content-Type: ${type}\r\n` : ''
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\n${typeLine}\r\n`),
      data,
      CRLF,
    )
  }
  files.forEach((file, index) => {
    const data = bytesOf(file.data)
    part(
      `name="${escapeName(file.key ?? `files[${index}]`)}"; filename="${escapeName(file.name)}"`,
      typeOf(file, data),
      data,
    )
  })
  if (request.body !== undefined && request.body !== null) {
    if (request.appendToFormData)
      for (const [key, value] of Object.entries(request.body as Record<string, unknown>))
        part(`name="${escapeName(key)}"`, null, Buffer.from(String(value)))
    else part('name="payload_json"', null, Buffer.from(JSON.stringify(request.body)))
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    ...request,
    files: undefined,
    body: Buffer.concat(parts),
    passThroughBody: true,
    headers: { ...request.headers, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
  }
}

const CRLF = Buffer.from('\r\n')

function bytesOf(data: RawFile['data']): Buffer {
  if (Buffer.isBuffer(data)) return data
  if (data instanceof Uint8Array) return Buffer.from(data.buffer, data.byteOffset, data.byteLength)
  return Buffer.from(String(data))
}

/**
 * The part's type as discord.js gives it: the file's own, else the one its bytes show (read with
 * the library discord.js uses, APNG sent as PNG), else bytes of no known type. The bot's pictures
 * are PNGs, told by their signature at once: the library tries every type it knows, about 1% of a
 * busy bot's thread.
 */
function typeOf(file: RawFile, data: Buffer): string {
  if (file.contentType) return file.contentType
  if (data.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'image/png'
  const mime = filetypeinfo(data)[0]?.mime
  return (mime === 'image/apng' ? 'image/png' : mime) ?? 'application/octet-stream'
}

/** Names in a part's header are escaped as browsers and undici do: `"`, CR and LF percent-encoded. */
function escapeName(name: string): string {
  return name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
}
