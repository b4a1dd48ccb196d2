/**
 * English words that have no business in a German message (German keeps the players' own terms:
 * Pot, Blinds, All-in, Stack, Badugi). A word here in a German text is a string left untranslated;
 * NaN is a number that was formatted without being one.
 */
export const ENGLISH_WORDS =
  /\b(the|your|you|with|and|waiting|wins|won|tricks?|cards?|points|press|seat|deal|game|turn|folded|checked|called|raised|drew|dealer|pile|trump|latest|left|bid|match|sits|takes|shows|main|side|NaN)\b/i
