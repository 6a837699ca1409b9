/**
 * The layout worker: a module worker that lays out the models it is sent (`graph-layout-client.ts` creates it from
 * this file, so it is a file of the app and runs under `worker-src 'self'`). One request, one answer, by id.
 */
import { layoutTopology, packLayout, type LayoutInput, type PackedLayout } from './graph-layout'

export interface LayoutRequest {
  id: number
  input: LayoutInput
}

export type LayoutResponse = { id: number; layout: PackedLayout } | { id: number; error: string }

// The worker's global, typed by what is used (the DOM and WebWorker libraries cannot both be in one program).
const scope = self as unknown as {
  addEventListener(type: 'message', listener: (event: MessageEvent<LayoutRequest>) => void): void
  postMessage(message: LayoutResponse, transfer?: Transferable[]): void
}

scope.addEventListener('message', (event: MessageEvent<LayoutRequest>) => {
  const { id, input } = event.data
  try {
    const { packed, transfer } = packLayout(layoutTopology(input))
    scope.postMessage({ id, layout: packed } satisfies LayoutResponse, transfer)
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies LayoutResponse)
  }
})
