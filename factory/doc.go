// Package factory turns Go handlers into agent-facing tools. It owns what
// is about a whole call rather than one value: which kind reads which
// property, what absence means, the schema, the envelope and telemetry.
//
// This first part holds the absence rule (Read), which the CLI's `read`
// command and the tools built later share.
package factory
