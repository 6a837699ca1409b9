import { Link } from 'react-router'
import { usePaths } from '../navigation/paths-context'
import { useMessages } from '@honu/console-kit'
import { shellMessages } from '../messages/shell'

/** A form's error, announced when it appears; nothing without a message. */
export function FormError({ message, id }: { message?: string; id?: string }) {
  if (!message) return null
  return (
    <p id={id} className="honu-error" role="alert">
      {message}
    </p>
  )
}

/** The way back to the sign-in screen under the card screens. */
export function BackToSignIn() {
  const paths = usePaths()
  const t = useMessages(shellMessages)
  return (
    <p>
      <Link className="honu-link" to={paths.login}>
        {t('backToSignIn')}
      </Link>
    </p>
  )
}
