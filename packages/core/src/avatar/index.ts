export { avatarUrl, avatarInitials, normaliseEmail, DEFAULT_AVATAR_BASE, type AvatarOptions } from './avatar'
export { sha256Hex } from './sha256'
