/** A member's avatar drawn locally (the page never loads Discord's CDN): a coloured disc with an initial. */
const COLOURS = ['#5865f2', '#57f287', '#fee75c', '#eb459e', '#ed4245', '#3ba55c', '#faa61a', '#9b59b6']

export function avatarSvg(name: string): string {
  let hash = 0
  for (const ch of name) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0
  const colour = COLOURS[hash % COLOURS.length]!
  const initial = (Array.from(name)[0] ?? '?').toUpperCase().replace(/[<>&"]/g, '')
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80" viewBox="0 0 80 80">',
    `<circle cx="40" cy="40" r="40" fill="${colour}"/>`,
    '<text x="40" y="53" font-family="sans-serif" font-size="38" font-weight="bold" text-anchor="middle" fill="#fff">',
    initial,
    '</text></svg>',
  ].join('')
}
