/** Feature flags as a map from name to on/off; a flag that is absent is off. */
export type FeatureFlags = Readonly<Record<string, boolean | undefined>>
