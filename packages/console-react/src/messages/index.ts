// Every book of console-react, for the catalogue test and for `TranslationsOf` in each language's module. The
// screens import their own book directly (never this index), so each book lands in the chunk of its screens.
import { accountMessages } from './account'
import { dashboardMessages } from './dashboard'
import { headerMessages } from './header'
import { areaMessages } from './areas'
import { passwordResetMessages } from './password-reset'
import { secondFactorMessages } from './second-factor'
import { selectMessages } from './select'
import { panelMessages } from './panels'
import { shellMessages } from './shell'
import { signInMessages } from './sign-in'
import { streamMessages } from './streams'

/** console-react's message books, by name. */
export const books = {
  passwordResetMessages,
  secondFactorMessages,
  areaMessages,
  selectMessages,
  accountMessages,
  dashboardMessages,
  headerMessages,
  shellMessages,
  panelMessages,
  signInMessages,
  streamMessages,
}
