import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * Every text a member reads lives in the resource files (src/i18n/locales/<lang>/*.json): a
 * sentence written into the code would reach German members in English. This scans the code that
 * writes to Discord, whole folders so a new file is scanned too, for string and template literals
 * of two words or more, and fails on any that is not exempt below.
 */
const SCANNED = [
  'src/commands',
  'src/discord',
  'src/messages',
  'src/render',
  'src/scheduler',
  'src/tables',
  'src/games',
  'src/bot.ts',
]

/**
 * The pure rules (`src/games/<game>/rules`, `src/core`) speak in refusal codes, not to
 * members; the replay tool speaks to developers.
 */
const NOT_SCANNED = /^src\/(?:core$|games\/(?:replay\.ts$|[^/]+\/rules$))/

/** Two words of letters apart: "You left", not a key (`commands:replies.done`), an id or a path. */
const WORDS = /\p{L}{2,}[^\S\n]+[^{}\s]*\p{L}{2,}/u

/** Literals that are not words for players: resource keys (`table:bura.play`) and URLs. */
const NOT_WORDS = /^(?:[a-z]+:[\w.${}-]+|https?:\/\/\S*)$/

/**
 * Where words are for developers or the engines, never shown to a member. Each entry says what it
 * lets through and why; a literal inside any of them is not reported.
 */
const EXEMPT: readonly { readonly what: string; readonly applies: (node: ts.Node, parent: ts.Node) => boolean }[] = [
  {
    what: 'thrown errors: for developers and the logs (a member gets a refusal or "something went wrong")',
    applies: (_, at) => ts.isNewExpression(at) && /Error$/.test(at.expression.getText()),
  },
  {
    what: 'log lines (`ctx.log.info({ … }, "table created")`): for operators',
    applies: (_, at) =>
      ts.isCallExpression(at) && /\blog\.(info|warn|error|debug|fatal)$/.test(at.expression.getText()),
  },
  {
    what: 'types: a union of words (`"main pot" | "side pot"`) is no text',
    applies: (node) => ts.isLiteralTypeNode(node.parent),
  },
  {
    what: "the engines' own English words compared (`reason === 'uncalled bet returned'`)",
    applies: (node) =>
      ts.isBinaryExpression(node.parent) &&
      [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(
        node.parent.operatorToken.kind,
      ),
  },
  {
    what: 'module paths',
    applies: (_, at) => ts.isImportDeclaration(at) || ts.isExportDeclaration(at),
  },
  {
    what: "a broken invariant's problems, collected for the error it throws (`problems.push(…)`)",
    applies: (_, at) => ts.isCallExpression(at) && at.expression.getText() === 'problems.push',
  },
  {
    what:
      "the chip ledger's reasons (`reason: 'practice buy-in'`, `cashOut(seat, …)`, `wallets.grant(…)`, " +
      "`payOut(…)`, `wallets.withdraw(…)`, either branch of a `… ? … : …` there): the audit's record",
    applies: (node, at) => {
      let value = node
      while (ts.isConditionalExpression(at) && at.condition !== value) [value, at] = [at, at.parent]
      return (
        (ts.isPropertyAssignment(at) && at.name.getText() === 'reason' && at.initializer === value) ||
        (ts.isCallExpression(at) &&
          /(\.cashOut|\.practiceBuyIn|\.payOut|wallets\.grant|wallets\.withdraw)$/.test(at.expression.getText()))
      )
    },
  },
  {
    what: "a periodic job's log line for a failed run (`new PeriodicJob({ failed: 'outbox sweep failed' })`): for operators",
    applies: (node, at) =>
      ts.isPropertyAssignment(at) &&
      at.name.getText() === 'failed' &&
      at.initializer === node &&
      ts.isNewExpression(at.parent.parent) &&
      at.parent.parent.expression.getText() === 'PeriodicJob',
  },
  {
    what: 'Lua scripts for Redis, each a constant named `…_SCRIPT` (`TAKE_SCRIPT`): code Redis runs, never sent',
    applies: (_, at) => ts.isVariableDeclaration(at) && /^[A-Z_]+_SCRIPT$/.test(at.name.getText()),
  },
  {
    what:
      "`limitViolations`: how a payload breaks Discord's limits, for the tests and as the bot's last guard; " +
      'never sent',
    applies: (_, at) => ts.isFunctionDeclaration(at) && at.name?.text === 'limitViolations',
  },
]

/** The literal's own text: a template's parts, with a placeholder where each expression goes. */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join('x')
  return null
}

function exempt(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent)
    if (EXEMPT.some((e) => e.applies(node, at))) return true
  return false
}

/** Each sentence literal of a source, as "file:line: text". */
function sentencesIn(file: string, code: string): string[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const visit = (node: ts.Node): void => {
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

function files(path: string): string[] {
  if (NOT_SCANNED.test(path)) return []
  if (!statSync(path).isDirectory()) return path.endsWith('.ts') ? [path] : []
  return readdirSync(path).flatMap((name) => files(join(path, name)))
}

describe('texts for members', () => {
  const scanned = SCANNED.flatMap(files)

  it('scans every file of the folders that write to Discord', () => {
    expect(scanned.length).toBeGreaterThan(80)
    expect(scanned).toContain('src/games/bura/render.ts')
    expect(scanned).toContain('src/commands/components/join.ts')
  })

  it('are written nowhere but the resource files', () => {
    expect(scanned.flatMap((f) => sentencesIn(f, readFileSync(f, 'utf8')))).toEqual([])
  })

  it('would catch a sentence, and lets keys, URLs, logs, errors, types, engine words and Redis scripts be', () => {
    const probe = [
      "say(interaction, { content: 'Your table is open.' })",
      'const c = `${who} took the trick`',
      "say(interaction, { content: t('commands:replies.leave.done') })",
      "const url = 'https://discord.com/channels'",
      "ctx.log.info({ tableId }, 'table created')",
      'throw new Error(`no game module for game ${game}`)',
      "type Reason = 'main pot' | 'side pot'",
      "d.cashOut(seat, 'practice table: buy-in returned')",
      "if (reason === 'uncalled bet returned') return",
      'const id = `${table.game}-${table.id}.json`',
      "const HOLD_SCRIPT = `return redis.call('GET', KEYS[1])`",
      "const holdScript = `return redis.call('GET', KEYS[1])`",
    ].join('\n')
    expect(sentencesIn('probe.ts', probe)).toEqual([
      'probe.ts:1: Your table is open.',
      'probe.ts:2: x took the trick',
      "probe.ts:12: return redis.call('GET', KEYS[1])",
    ])
  })
})
