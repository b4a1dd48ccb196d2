import 'i18next'
import type { Joined, RESOURCES } from './resources.js'

// Keys of t() are checked against the English resources: a typo or a missing key fails tsc. A
// long text split into pieces is one string to t() (`joinArrays`, src/i18n/index.ts).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common'
    resources: Joined<(typeof RESOURCES)['en']>
    returnNull: false
  }
}
