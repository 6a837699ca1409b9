import { UNKNOWN_DATE } from '../dates/format-date'
import { messages, recoveryMessages } from '../errors/messages'
import { defineMessages } from './define-messages'
import { coreTranslations } from './translations'

/** The spec's messages (§5, §8) as a book of the catalogue: US English is the spec's exact wording. */
export const specMessages = /* @__PURE__ */ defineMessages('core.spec', messages, coreTranslations)

/** The console's recovery messages (`recoveryMessages`) as a book of the catalogue. */
export const recoveryMessageBook = /* @__PURE__ */ defineMessages('core.recovery', recoveryMessages, coreTranslations)

/** Core's user-facing messages that the spec does not word: dates, errors a user can meet. */
export const coreMessages = /* @__PURE__ */ defineMessages(
  'core',
  {
    unknownDate: UNKNOWN_DATE,
  },
  coreTranslations,
)
