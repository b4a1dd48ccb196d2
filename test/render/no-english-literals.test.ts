import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * The table's words live in the resource files (src/i18n/locales/<lang>/table.json, cards.json):
 * a sentence written straight into a render file would show in English at a German table. This
 * scans the render files of the table, the private views, the pings and the pictures for string
 * and template literals holding two or more words, and fails on any that is not an i18n key, a
 * URL, a custom id or a developer's error message.
 */

const ROOT = join(import.meta.dirname, '../../src/render')

/** The files whose every word goes through the resource files. */
const FILES = [
  'table.ts',
  'controls.ts',
  'format.ts',
  'types.ts',
  'custom-id.ts',
  // Every game's files: a new game's renderer is checked without a line here.
  ...['games', 'images'].flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => `${dir}/${f}`),
  ),
]

/** Two words of letters, apart: what a sentence for players has and a key, an id or a symbol has not. */
const WORDS = /\p{L}{2,}\s+\p{L}{2,}/u

/** Literals that are not words for players: keys (`table:bura.play`), URLs. */
const NOT_WORDS = /^(?:[a-z]+:[\w.${}]+|https?:\/\/\S*)$/

function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text
  // A template's own text, with a placeholder where each expression goes.
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join('x')
  return null
}

/**
 * Where words need no translation: a thrown error (for developers and logs), module paths, types,
 * and a comparison with the engine's own words (its log reasons, "uncalled bet returned").
 */
function exempt(node: ts.Node): boolean {
  const parent = node.parent
  if (ts.isLiteralTypeNode(parent)) return true
  if (
    ts.isBinaryExpression(parent) &&
    [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(
      parent.operatorToken.kind,
    )
  )
    return true
  for (let at: ts.Node | undefined = parent; at; at = at.parent) {
    if (ts.isNewExpression(at) && ts.isIdentifier(at.expression) && at.expression.text === 'Error') return true
    if (ts.isImportDeclaration(at) || ts.isExportDeclaration(at)) return true
    // A game's slash command (description, choice names) and its stakes' name in /settings are
    // worded with the commands, not the table.
    if (ts.isPropertyAssignment(at) && ts.isIdentifier(at.name) && ['command', 'stakesName'].includes(at.name.text))
      return true
  }
  return false
}

function sentences(file: string): string[] {
  return sentencesIn(file, readFileSync(join(ROOT, file), 'utf8'))
}

/** Each sentence literal of a source, as "file:line: text". */
function sentencesIn(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    const text = literalText(node)
    if (text !== null && WORDS.test(text) && !NOT_WORDS.test(text) && !exempt(node)) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart())
      found.push(`${file}:${line + 1}: ${text}`)
      return
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('render files of the table', () => {
  it('hold no English sentence outside the resource files', () => {
    expect(FILES.flatMap(sentences)).toEqual([])
  })

  it('would catch one, and lets keys, errors and engine words be', () => {
    const probe = [
      "const a = 'Your turn now'",
      "const b = lang.t('table:bura.play', { who })",
      "if (!ok) throw new Error('no such table here')",
      "if (reason === 'uncalled bet returned') return",
      'const c = `${who} took the trick`',
    ].join('\n')
    expect(sentencesIn('probe.ts', probe)).toEqual(['probe.ts:1: Your turn now', 'probe.ts:5: x took the trick'])
  })
})
