import { RESTJSONErrorCodes } from 'discord-api-types/v10'

/** One entry of Discord's nested "Invalid Form Body" error tree. */
export interface FormErrorTree {
  _errors?: { code: string; message: string }[]
  [key: string]: FormErrorTree | { code: string; message: string }[] | undefined
}

/** A REST answer that is not a success; thrown by route handlers, turned into a response by the router. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(`${status} ${String(body.message)}`)
  }

  get code(): number {
    return typeof this.body.code === 'number' ? this.body.code : 0
  }
}

// The texts below are Discord's own (see the JSON error codes table of the API docs).
const jsonError = (status: number, code: number, message: string) => new HttpError(status, { message, code })

export const unauthorized = () => jsonError(401, 0, '401: Unauthorized')
export const notFound = () => jsonError(404, 0, '404: Not Found')
export const unknownChannel = () => jsonError(404, RESTJSONErrorCodes.UnknownChannel, 'Unknown Channel')
export const unknownGuild = () => jsonError(404, RESTJSONErrorCodes.UnknownGuild, 'Unknown Guild')
export const unknownMember = () => jsonError(404, RESTJSONErrorCodes.UnknownMember, 'Unknown Member')
export const unknownUser = () => jsonError(404, RESTJSONErrorCodes.UnknownUser, 'Unknown User')
export const unknownMessage = () => jsonError(404, RESTJSONErrorCodes.UnknownMessage, 'Unknown Message')
export const unknownWebhook = () => jsonError(404, RESTJSONErrorCodes.UnknownWebhook, 'Unknown Webhook')
export const unknownInteraction = () => jsonError(404, RESTJSONErrorCodes.UnknownInteraction, 'Unknown interaction')
export const unknownCommand = () =>
  jsonError(404, RESTJSONErrorCodes.UnknownApplicationCommand, 'Unknown application command')
export const invalidWebhookToken = () => jsonError(401, RESTJSONErrorCodes.InvalidWebhookToken, 'Invalid Webhook Token')
export const alreadyAcknowledged = () =>
  jsonError(400, RESTJSONErrorCodes.InteractionHasAlreadyBeenAcknowledged, 'Interaction has already been acknowledged.')
export const emptyMessage = () =>
  jsonError(400, RESTJSONErrorCodes.CannotSendAnEmptyMessage, 'Cannot send an empty message')
export const notAuthor = () =>
  jsonError(
    403,
    RESTJSONErrorCodes.CannotEditMessageAuthoredByAnotherUser,
    'Cannot edit a message authored by another user',
  )

export const invalidFormBody = (errors: FormErrorTree) =>
  new HttpError(400, { code: RESTJSONErrorCodes.InvalidFormBodyOrContentType, message: 'Invalid Form Body', errors })

/** Discord answers the hour-old edit cap with HTTP 429 and JSON code 30046 (not a plain rate limit). */
export const oldMessageEditCap = (retryAfterSeconds: number) =>
  new HttpError(
    429,
    {
      message: 'Maximum number of edits to messages older than 1 hour reached. Try again later.',
      code: RESTJSONErrorCodes.MaximumNumberOfEditsToMessagesOlderThanOneHourReached,
      retry_after: retryAfterSeconds,
      global: false,
    },
    { 'retry-after': String(retryAfterSeconds), 'x-ratelimit-scope': 'shared' },
  )

/** Adds one error at `path` of an error tree (Discord nests by field name and array index). */
export function addFormError(tree: FormErrorTree, path: (string | number)[], code: string, message: string): void {
  let node = tree
  for (const key of path) {
    const k = String(key)
    node[k] ??= {}
    node = node[k] as FormErrorTree
  }
  ;(node._errors ??= []).push({ code, message })
}

export const missingPermissions = () => jsonError(403, RESTJSONErrorCodes.MissingPermissions, 'Missing Permissions')
export const missingAccess = () => jsonError(403, RESTJSONErrorCodes.MissingAccess, 'Missing Access')
export const wrongChannelType = () =>
  jsonError(400, RESTJSONErrorCodes.CannotExecuteActionOnThisChannelType, 'Cannot execute action on this channel type')
export const threadAlreadyCreated = () =>
  jsonError(
    400,
    RESTJSONErrorCodes.ThreadAlreadyCreatedForMessage,
    'A thread has already been created for this message',
  )
