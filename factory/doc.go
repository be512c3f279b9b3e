// Package factory turns Go handlers into agent-facing tools. It owns what
// is about a whole call rather than one value: which kind reads which
// property (one binder: a tool's input struct and BindProperty, which the
// CLI's `read` command uses, share it), what absence means (Read), the
// schema, the envelope, the receipt protocol of do tools (docs/writes.md)
// and telemetry.
package factory
