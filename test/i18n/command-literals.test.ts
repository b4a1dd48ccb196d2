import { readFileSync } from 'node:fs'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * The commands' texts live in the resource files: a sentence written in one of these files would
 * reach German members in English. Every string or template literal with two words of letters is
 * reported, except log messages and errors (for developers, never shown), and the rules pages
 * (renderRules, converted with the rules texts).
 */
const FILES = [
  'src/commands/ai-seats.ts',
  'src/commands/chips-admin.ts',
  'src/commands/chips.ts',
  'src/commands/flows.ts',
  'src/commands/games.ts',
  'src/commands/help.ts',
  'src/commands/lang.ts',
  'src/commands/leaderboard.ts',
  'src/commands/localized.ts',
  'src/commands/options.ts',
  'src/commands/router.ts',
  'src/commands/rules.ts',
  'src/commands/settings.ts',
  'src/commands/start.ts',
  'src/commands/stats.ts',
  'src/commands/table-log.ts',
  'src/commands/table-thread.ts',
  'src/commands/table.ts',
  'src/registry.ts',
  'src/scheduler/deadline-option.ts',
  'src/render/messages.ts',
  'src/render/stats.ts',
]

/** Two words of letters apart: "You left", not a key (`commands:replies.done`), an id or a path. */
const SENTENCE = /\p{L}{2,}[^\S\n]+[^{}\s]*\p{L}{2,}/u

/** For developers only: log lines (`ctx.log.info(…, 'table created')`) and thrown errors. */
function forDevelopers(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isNewExpression(at) && at.expression.getText() === 'Error') return true
    if (ts.isCallExpression(at) && /\blog\.(info|warn|error|debug)$/.test(at.expression.getText())) return true
    if (ts.isFunctionDeclaration(at) && at.name?.text === 'renderRules') return true
  }
  return false
}

/** The literal's own text: a template's parts without its `${…}` expressions. */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ')
  return null
}

function englishIn(file: string, code = readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return
    const text = literalText(node)
    if (text !== null && SENTENCE.test(text) && !forDevelopers(node)) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart())
      found.push(`${file}:${line + 1}: ${node.getText()}`)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('command texts', () => {
  it('finds a sentence where one is written, and passes keys, ids, logs and errors', () => {
    const code = [
      'say(interaction, { content: `Your ${game} table is open.` })',
      "say(interaction, { content: t('commands:replies.leave.done') })",
      "ctx.log.info({ tableId }, 'table created')",
      'throw new Error(`no game module for game ${game}`)',
      'const id = `${table.game}-${table.id}.json`',
    ].join('\n')
    expect(englishIn('probe.ts', code)).toEqual(['probe.ts:1: `Your ${game} table is open.`'])
  })

  for (const file of FILES)
    it(`${file} writes no English sentence outside the resource files`, () => {
      expect(englishIn(file)).toEqual([])
    })
})
