import type { Options } from 'tsup'

export function buildEsm(entry: Record<string, string>, options?: { inPlace?: string[]; root?: string }): Promise<void>
export function packageBuild(options: { entry: Record<string, string>; external?: string[]; inPlace?: string[] }): Options[]
