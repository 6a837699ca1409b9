/** The Fleet note's icon, drawn like lucide's (24-unit box, the text colour's stroke), without depending on lucide. */
export function NoteIcon({
  size = 24,
  className,
  'aria-hidden': hidden = true,
}: {
  size?: number | string
  className?: string
  'aria-hidden'?: boolean | 'true' | 'false'
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden={hidden}
    >
      <path d="M15.5 3H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V8.5L15.5 3Z" />
      <path d="M15 3v6h6" />
    </svg>
  )
}
