export { widgetDefinitions, getWidgetDefinition } from './registry'
export { WidgetPlaceholder, type WidgetPlaceholderProps } from './placeholder/widget-placeholder'
export { VideoPlayer, type VideoPlayerProps, type VideoPlayerState } from './video/video-player'
export {
  createPlayer,
  defaultEngines,
  type Player,
  type PlayerEngines,
  type PlayerOptions,
  type PlayerSnapshot,
  type PlayerStats,
  type CreatePlayerOptions,
} from './video/create-player'
export { VideoSettingsProvider, setVideoDefaults, type VideoSettings } from './video/video-settings'
export { sourceKind, type SourceKind } from './video/source-kind'
export type { HlsOptions } from './video/hls-playback'
export { parseVideoWidgetData, type VideoWidgetData } from './video/video-widget-data'
export { VehicleMap, type VehicleMapProps, type VehicleMapState } from './map/vehicle-map'
export { setMapDefaults, type MapSettings } from './map/map-settings'
export type { MapVehicle } from './map/map-vehicle'
export { vehicleStatus, STATUS_COLOURS, DEFAULT_STALE_AFTER_MS, type VehicleStatus, type VehicleStatusOptions } from './map/vehicle-status'
export { VehicleView, type VehicleViewProps, type VehicleViewConnection } from './vehicle/vehicle-view'
export { parseVehicleWidgetData, type VehicleWidgetData } from './vehicle/vehicle-widget-data'
export { VehicleSettingsProvider, setVehicleDefaults, type VehicleSettings } from './vehicle/vehicle-settings'
export { DesktopView, type DesktopViewProps, type DesktopLease } from './vnc/desktop-view'
export {
  getDesktopConnector,
  createDesktopConnector,
  type DesktopConnection,
  type DesktopConnector,
  type DesktopConnectorOptions,
  type DesktopState,
  type DesktopEndReason,
  type DesktopScale,
  type RfbClient,
  type RfbConstructor,
} from './vnc/desktop-connection'
export { parseVncWidgetData, type VncWidgetData } from './vnc/vnc-widget-data'
