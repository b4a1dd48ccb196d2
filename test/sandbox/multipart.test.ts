import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { HttpError } from '../../src/sandbox/discord/errors.js'
import { parseMultipart } from '../../src/sandbox/discord/multipart.js'

/** A FormData as undici (discord.js's REST client) puts it on the wire: the bytes and their content type. */
async function wire(form: FormData): Promise<{ raw: Buffer; type: string }> {
  const response = new Response(form)
  return { raw: Buffer.from(await response.arrayBuffer()), type: response.headers.get('content-type')! }
}

/** The parts as undici's own parser reads them back (what the fake used before). */
async function undiciParts(raw: Buffer, type: string) {
  const form = await new Response(raw, { headers: { 'content-type': type } }).formData()
  return Promise.all(
    [...form.entries()].map(async ([name, value]) =>
      typeof value === 'string'
        ? { name, filename: null, text: value }
        : { name, filename: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) },
    ),
  )
}

const ours = (raw: Buffer, type: string) =>
  parseMultipart(raw, type).map((p) =>
    p.filename === null
      ? { name: p.name, filename: null, text: p.data.toString('utf8') }
      : { name: p.name, filename: p.filename, type: p.contentType ?? '', bytes: Buffer.from(p.data) },
  )

// Bytes that look like the parts' own framing, in names and in the data.
const tricky = fc.constantFrom('\r\n', '--', '"', '%22', '\n', '\r', 'files[0]', ';', 'é', '\r\n--')
const text = fc.array(fc.oneof(tricky, fc.string({ maxLength: 6 })), { maxLength: 5 }).map((a) => a.join(''))
const bytes = fc.oneof(
  fc.uint8Array({ maxLength: 300 }),
  text.map((t) => new TextEncoder().encode(t)),
)
const field = fc.oneof(
  fc.record({ kind: fc.constant('text' as const), name: text, value: text }),
  fc.record({
    kind: fc.constant('file' as const),
    name: text,
    filename: text,
    type: fc.constantFrom('', 'image/png', 'application/json'),
    data: bytes,
  }),
)

describe("the fake's multipart reader", () => {
  it('reads what undici sends exactly as undici reads it back: names, file names, types and bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(field, { maxLength: 6 }), async (fields) => {
        const form = new FormData()
        for (const f of fields) {
          if (f.kind === 'text') form.append(f.name, f.value)
          else form.append(f.name, new Blob([f.data], { type: f.type }), f.filename)
        }
        const { raw, type } = await wire(form)
        expect(ours(raw, type)).toEqual(await undiciParts(raw, type))
      }),
      { numRuns: 300 },
    )
  })

  it('refuses a body it cannot read with a 400, never a crash', () => {
    const type = 'multipart/form-data; boundary=b'
    const refused = (raw: string, contentType = type) => {
      try {
        parseMultipart(Buffer.from(raw, 'latin1'), contentType)
      } catch (error) {
        return error instanceof HttpError ? error.status : error
      }
      return 'read'
    }
    expect(refused('--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--b--', 'multipart/form-data')).toBe(
      400,
    )
    expect(refused('no delimiter at all')).toBe(400)
    expect(refused('--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nnever closed')).toBe(400)
    expect(refused('--b\r\nContent-Disposition: form-data; name="a"')).toBe(400)
    expect(refused('--b\r\nContent-Type: text/plain\r\n\r\nx\r\n--b--')).toBe(400)
    expect(refused('--bx')).toBe(400)
    expect(refused('--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--b--')).toBe('read')
  })
})
