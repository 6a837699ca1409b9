/// <reference types="vite/client" />
interface ImportMetaEnv {
  readonly VITE_HONU_API?: string
}
