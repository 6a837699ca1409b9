export function splitSelectors(list: string): string[]
export function mapRules(css: string, map: (selectors: string[], context: string[]) => string[], context?: string[]): string
export function listRules(css: string): {
  rules: Array<{ selectors: string[]; context: string[] }>
  atRules: Array<{ name: string; prelude: string }>
}
export function inlineImports(file: string, seen?: Set<string>): string
export function isScoped(selector: string): boolean
