import { messages } from '../errors/messages'
import { defineMessages } from './define-messages'
import { coreTranslations } from './translations'

/** The spec's messages (§5, §8) as a book of the catalogue: US English is the spec's exact wording. */
export const specMessages = defineMessages('core.spec', messages, coreTranslations)
