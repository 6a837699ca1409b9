import { useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { isAdmin, isSuperAdmin } from '@honu/core'
import type { DeviceControl } from '@honu/core/live'
import { useConsoleClient, useDeviceControl, useMessages, useSession, useTenant } from '@honu/console-kit'
import type { WidgetProps } from '@honu/console-kit/widget'
import { ResourceLookup } from '../picker/resource-lookup'
import { useTenantDevice, type DeviceOfKind } from '../use-tenant-devices'
import { getDesktopConnector, type DesktopScale } from './desktop-connection'
import { DesktopView, type DesktopLease } from './desktop-view'
import { vncMessages } from './vnc-messages'
import type { VncWidgetData } from './vnc-widget-data'
import { VncWidgetPicker } from './vnc-widget-picker'

/**
 * The dashboard's Vnc widget (issue 24): a remote-access device's desktop through the server's bridge, in the
 * widget. The device is looked up through the API first, so another tenant's device or one removed says so and
 * never opens a connection. View only unless the viewer holds the device's control lease.
 */
export function VncWidget({ widget, setData }: WidgetProps<VncWidgetData>) {
  const t = useMessages(vncMessages)
  const data = widget.data
  const lookup = useTenantDevice('remote_access', data.deviceId)
  if (lookup.status === 'found')
    return <Desktop device={lookup.device} scale={data.scale ?? 'fit'} onScale={(scale) => setData({ ...data, scale })} />
  return (
    <ResourceLookup
      lookup={lookup}
      words={{
        finding: t('findingDevice'),
        failed: (reason) => t('deviceFailed', { reason }),
        noAnswer: t('noAnswer'),
        retry: t('retry'),
        none: t('noDevice'),
        gone: t('deviceGone'),
        choose: t('chooseDevice'),
      }}
      className="honu-vnc__choose"
      name={widget.name}
      current={data}
      setData={setData}
      Picker={VncWidgetPicker}
    />
  )
}

/** The lease as one viewer sees it. */
export function leaseFor(control: DeviceControl | undefined, uid: string | undefined): DesktopLease {
  const holder = control?.holder
  return {
    holder: holder?.name,
    mine: !!holder && holder.uid === uid,
    since: control?.since,
    askedBy: (control?.requests ?? []).filter((p) => p.uid !== uid).map((p) => p.name),
    asked: !!control?.requests.some((p) => p.uid === uid),
  }
}

/** One device's desktop: its connection (opened on mount, closed on unmount) and its control lease. */
function Desktop({ device, scale, onScale }: { device: DeviceOfKind<'remote_access'>; scale: DesktopScale; onScale(scale: DesktopScale): void }) {
  const t = useMessages(vncMessages)
  const client = useConsoleClient()
  const connection = useMemo(() => getDesktopConnector(client).open(device.device_id), [client, device.device_id])
  const state = useSyncExternalStore(connection.subscribe, connection.getSnapshot, connection.getSnapshot)
  const clipboard = useSyncExternalStore(connection.subscribe, connection.getClipboard, connection.getClipboard)
  const control = useDeviceControl(device.device_id)
  const uid = useSession((s) => s.user?.uid)
  const roles = useTenant((s) => s.roles)
  const permissions = useSession((s) => s.user?.permissions)
  const lease = leaseFor(control.control, uid)
  const [problem, setProblem] = useState<string>()
  // A refusal is about the lease as it was: once control changes hands, it no longer applies.
  const [problemLease, setProblemLease] = useState(control.control)
  if (problemLease !== control.control) {
    setProblemLease(control.control)
    if (problem) setProblem(undefined)
  }
  const [fullscreen, setFullscreen] = useState(false)
  const screen = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const element = screen.current
    if (element) connection.connect(element)
    return () => connection.destroy()
  }, [connection])
  // Before the browser paints "You have control": input is live the moment the viewer can see it is theirs.
  useLayoutEffect(() => connection.setViewOnly(!lease.mine), [connection, lease.mine])
  useEffect(() => connection.setScale(scale), [connection, scale])
  // Full screen is the whole widget (controls included); the browser's Escape leaves it.
  useEffect(() => {
    const element = screen.current?.parentElement
    const root = element?.getRootNode() as Document | ShadowRoot | undefined
    if (!element || !root) return
    const changed = () => setFullscreen(root.fullscreenElement === element)
    element.ownerDocument.addEventListener('fullscreenchange', changed)
    return () => element.ownerDocument.removeEventListener('fullscreenchange', changed)
  }, [])

  const ask = async (action: () => ReturnType<typeof control.request>) => {
    setProblem(undefined)
    try {
      const answer = await action()
      if (!answer.ok) setProblem(t(answer.code === 'not-holder' ? 'notHolder' : 'refused'))
    } catch (error) {
      setProblem(t('controlFailed', { reason: error instanceof Error && error.message ? error.message : t('noAnswer') }))
    }
  }

  const connect = () => {
    if (screen.current) connection.connect(screen.current)
  }
  return (
    <DesktopView
      name={device.name}
      state={state}
      screenRef={screen}
      lease={lease}
      canTakeOver={isAdmin(roles) || isSuperAdmin(permissions)}
      controlProblem={problem}
      scale={scale}
      clipboard={clipboard}
      reducedQuality={connection.reducedQuality}
      fullscreen={fullscreen}
      onConnect={connect}
      onDisconnect={connection.disconnect}
      onRetryNow={connection.retryNow}
      onRequestControl={() => void ask(control.request)}
      onReleaseControl={() => void ask(control.release)}
      onTakeOver={() => void ask(control.take)}
      onScale={onScale}
      onCtrlAltDel={connection.sendCtrlAltDel}
      onPaste={connection.paste}
      onCopy={(text) => void navigator.clipboard?.writeText(text).catch(() => undefined)}
      onFullscreen={() => {
        const element = screen.current?.parentElement
        if (!element) return
        if (fullscreen) void element.ownerDocument.exitFullscreen().catch(() => undefined)
        else void element.requestFullscreen().catch(() => undefined)
      }}
      onFocusDesktop={connection.focus}
    />
  )
}
