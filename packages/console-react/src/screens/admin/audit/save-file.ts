import type { AuditExport } from '@honu/core'

/**
 * Hands a file to the user as a download: an object URL of the Blob on a link with `download` set, clicked, then
 * released. Works under the host's strict CSP (no inline script, no `data:`; a `blob:` download is neither a fetch
 * nor a frame, so `connect-src` and `frame-src` do not apply) and with the token never in an address, since the
 * bytes were fetched with the bearer header before. The link goes into the page (Firefox clicks only attached
 * links) and out again at once.
 */
export function saveFile(file: AuditExport, doc: Document = document): void {
  const url = URL.createObjectURL(file.blob)
  const link = doc.createElement('a')
  link.href = url
  link.download = file.fileName
  link.rel = 'noopener'
  link.hidden = true
  doc.body.append(link)
  try {
    link.click()
  } finally {
    link.remove()
    // Released after the browser has started the download (revoking at once can cancel it in some browsers).
    setTimeout(() => URL.revokeObjectURL(url), 60_000)
  }
}
