// The composition root's wiring of hooks (lib/hooks.ts): where a lower module must tell a higher
// one something, the lower one declares and runs a hook and the higher one's handler is registered
// here, so no module imports one above it (docs/architecture.md, "Direction").

/** Registers every module hook's handler; safe to call more than once. */
export function registerModuleHooks(): void {
  // Each line: <lower module's hook>.register(<key>, <higher module's handler>).
}
