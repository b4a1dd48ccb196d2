import 'i18next'
import type { RESOURCES } from './resources.js'

// Keys of t() are checked against the English resources: a typo or a missing key fails tsc.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common'
    resources: (typeof RESOURCES)['en']
    returnNull: false
  }
}
