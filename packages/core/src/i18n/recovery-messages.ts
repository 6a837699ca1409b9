import { recoveryMessages } from '../errors/messages'
import { defineMessages } from './define-messages'
import { coreTranslations } from './translations'

/** The console's recovery messages (`recoveryMessages`) as a book of the catalogue. */
export const recoveryMessageBook = defineMessages('core.recovery', recoveryMessages, coreTranslations)
