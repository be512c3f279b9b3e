package bytes

import (
	"testing"

	"agentinput.dev/agentinput"
	"agentinput.dev/internal/oracle"
)

// TestLinear holds rule 4 of the contract (docs/performance.md, "Linear
// reads"): a read of 16 times the input costs at most about 16 times as
// much. Bytes are decoded from base64 (standard or URL-safe, padded or
// not, with line breaks), hex or a data: URI, up to MaxInlineBytes: long
// encodings, encodings broken by whitespace, and long text that is none
// are its worst classes. The large input is the budget itself: 64 KiB.
func TestLinear(t *testing.T) {
	r, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	read := func(v any) { _ = r.Read(v) }
	oracle.Linear(t, agentinput.MaxStringBytes/oracle.GrowthFactor, read,
		oracle.Repeat("base64", "", "QUJD", ""),
		oracle.Repeat("base64_lines", "", "QUJDREVGR0hJSktM\n", ""),
		oracle.Repeat("base64_spaces", "", "QUJD ", ""),
		oracle.Repeat("base64url", "", "-_AB", ""),
		oracle.Repeat("hex", "", "0a1b", ""),
		oracle.Repeat("hex_spaced", "", "0a ", ""),
		oracle.Repeat("data_uri", "data:application/octet-stream;base64,", "QUJD", ""),
		oracle.Repeat("padding", "QUJD", "=", ""),
		oracle.Repeat("text", "", "lorem ipsum dolor ", ""),
		oracle.Repeat("marks", "", "!@#$", ""),
	)
}
