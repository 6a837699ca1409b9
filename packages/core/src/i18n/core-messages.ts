import { UNKNOWN_DATE } from '../dates/format-date'
import { defineMessages } from './define-messages'
import { coreTranslations } from './translations'

// One book per module (spec-messages.ts, recovery-messages.ts beside it), so an app carries only the books it uses.

/** Core's user-facing messages that the spec does not word: dates, errors a user can meet. */
export const coreMessages = defineMessages(
  'core',
  {
    unknownDate: UNKNOWN_DATE,
  },
  coreTranslations,
)
