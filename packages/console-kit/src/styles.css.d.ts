// Types for `import '@honu/console-kit/styles.css'` outside Vite (TypeScript 6 checks side-effect imports:
// TS2882 without a declaration). The stylesheet exports nothing.
export {}
