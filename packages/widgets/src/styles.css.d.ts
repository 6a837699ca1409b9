// Types for `import '@honu/widgets/styles.css'` outside Vite (TypeScript 6 checks side-effect imports:
// TS2882 without a declaration). The stylesheet exports nothing.
export {}
