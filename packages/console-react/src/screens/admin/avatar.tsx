import { useState } from 'react'
import { avatarInitials } from '@honu/core'

/**
 * A user's avatar: the gravatar-style image from their e-mail (core's avatar address) over their initials, which
 * stay when the image cannot load (no network, no gravatar). Decorative: the name is beside it.
 */
export function Avatar({ src, name }: { src?: string; name: string }) {
  const [failed, setFailed] = useState(false)
  return (
    <span className="honu-avatar" aria-hidden="true">
      <span className="honu-avatar__initials">{avatarInitials(name)}</span>
      {src && !failed && (
        <img
          className="honu-avatar__image"
          src={src}
          alt=""
          width={28}
          height={28}
          loading="lazy"
          referrerPolicy="no-referrer"
          onError={() => setFailed(true)}
        />
      )}
    </span>
  )
}
