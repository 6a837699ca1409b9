import { describe, expect, it } from 'vitest'
import type { Stream } from '@honu/core'
import { widgetFor } from './device-panel'

const streams: Stream[] = [
  { video_id: 'v-bow', name: 'Kahu bow', source: 'x', proxy_address: '', device_id: 'usv-1' },
  { video_id: 'v-quay', name: 'Quay', source: 'y', proxy_address: '', device_id: 'cam-1' },
  { video_id: 'v-dock', name: 'Dock', source: 'z', proxy_address: '' },
]

describe('widgetFor', () => {
  it.each([
    ['a vehicle: its Vehicle widget', { id: 'usv-1', kind: 'vehicle' as const }, { type: 'Vehicle', data: { deviceId: 'usv-1' } }],
    [
      'a camera: the Video widget on the stream whose device_id names it',
      { id: 'cam-1', kind: 'camera' as const },
      { type: 'Video', data: { streamId: 'v-quay' } },
    ],
    [
      'a camera no stream names: the Video widget with nothing chosen (its own picker)',
      { id: 'cam-2', kind: 'camera' as const },
      { type: 'Video', data: {} },
    ],
    ['remote access: its Vnc widget', { id: 'ra-1', kind: 'remote_access' as const }, { type: 'Vnc', data: { deviceId: 'ra-1' } }],
    ['unknown: none', { id: 'x-1', kind: 'unknown' as const }, undefined],
  ])('%s', (_, device, expected) => {
    expect(widgetFor(device, streams)).toEqual(expected)
  })
})
