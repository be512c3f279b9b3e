// Package factorytest holds test helpers for tools the factory declares.
//
// FixedPoint pins the Conventions' rule 7: what a describing tool returns,
// the tool that configures it (factory.Spec.Configures) accepts byte for
// byte, with no note, and describing again returns the same bytes.
package factorytest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory"
)

// FixedPoint calls describe with describeArgs, feeds what it returns to
// configure unchanged (configure.ConfigureArguments), and fails t unless
// configure accepts it with no note, warning or issue and describe then
// returns the same bytes.
func FixedPoint(t testing.TB, ctx context.Context, describe, configure *factory.Tool, describeArgs json.RawMessage) {
	t.Helper()
	if err := RoundTrip(ctx, describe, configure, describeArgs); err != nil {
		t.Fatal(err)
	}
}

// RoundTrip is FixedPoint's check, as an error: nil when the pair is at
// its fixed point for describeArgs.
func RoundTrip(ctx context.Context, describe, configure *factory.Tool, describeArgs json.RawMessage) error {
	c, ok := configure.Configures()
	switch {
	case !ok:
		return fmt.Errorf("%s declares no Configures", configure.Name())
	case c.Tool != describe.Name():
		return fmt.Errorf("%s configures what %s describes, not %s", configure.Name(), c.Tool, describe.Name())
	case describe.Spec().Intent != factory.IntentRead:
		return fmt.Errorf("%s describes, so its intent is read, not %s", describe.Name(), describe.Spec().Intent)
	}
	first, err := output(ctx, describe, describeArgs)
	if err != nil {
		return err
	}
	args, err := configure.ConfigureArguments(first)
	if err != nil {
		return err
	}
	res := configure.Call(ctx, args)
	switch {
	case res.Envelope != nil:
		return fmt.Errorf("%s refused what %s returned: %s\narguments: %s", configure.Name(), describe.Name(), envelopeText(res.Envelope), args)
	case res.Replayed:
		return fmt.Errorf("%s answered from the receipt of an earlier identical call, so nothing was checked: run the round trip on tools that have not made this call", configure.Name())
	case len(res.Notes)+len(res.Warnings)+len(res.Issues) > 0:
		return fmt.Errorf("%s repaired what %s returned, which it should take as it is: %s\narguments: %s",
			configure.Name(), describe.Name(), remarks(res), args)
	}
	again, err := output(ctx, describe, describeArgs)
	if err != nil {
		return err
	}
	if !bytes.Equal(first, again) {
		return fmt.Errorf("%s changed what %s describes: before\n%s\nafter\n%s", configure.Name(), describe.Name(), first, again)
	}
	return nil
}

// output calls a describing tool and returns its result as JSON.
func output(ctx context.Context, tool *factory.Tool, args json.RawMessage) (json.RawMessage, error) {
	res := tool.Call(ctx, args)
	if res.Envelope != nil {
		return nil, fmt.Errorf("%s %s: %s", tool.Name(), args, envelopeText(res.Envelope))
	}
	out, err := json.Marshal(res.Output)
	if err != nil {
		return nil, fmt.Errorf("%s: its result does not encode: %w", tool.Name(), err)
	}
	return out, nil
}

func envelopeText(e *factory.Envelope) string {
	parts := []string{string(e.Code) + ": " + e.Message}
	for _, is := range e.Issues {
		parts = append(parts, is.Path+": "+is.Message())
	}
	return strings.Join(parts, "; ")
}

func remarks(res *factory.Result) string {
	var parts []string
	for _, r := range append(append([]agentinput.Remark{}, res.Notes...), res.Warnings...) {
		parts = append(parts, r.Code+" at "+r.Path+": "+r.Message)
	}
	for _, is := range res.Issues {
		parts = append(parts, string(is.Code)+" at "+is.Path)
	}
	return strings.Join(parts, "; ")
}
