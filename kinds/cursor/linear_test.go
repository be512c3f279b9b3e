package cursor

import (
	"testing"

	"agentinput.dev/internal/oracle"
)

// TestLinear holds rule 4 of the contract (docs/performance.md, "Linear
// reads"): a read of 16 times the input costs at most about 16 times as
// much. A cursor is decoded from base64url and its seal checked, or read
// as a "later" spelling (a page number, "next page", a query string of
// pairs): long tokens, many words and many pairs are its worst classes.
func TestLinear(t *testing.T) {
	c, err := New(Options{Keys: [][]byte{[]byte("an example key of 32 bytes......")}})
	if err != nil {
		t.Fatal(err)
	}
	read := func(v any) { _ = c.Read(v, "session", "filters") }
	oracle.Linear(t, 64, read,
		oracle.Repeat("base64url", "", "QUJD-_", ""),
		oracle.Repeat("dots", "", "QUJD.", ""),
		oracle.Repeat("padding", "QUJD", "=", ""),
		oracle.Repeat("words", "", "lorem ipsum ", ""),
		oracle.Repeat("page_words", "", "next page ", ""),
		oracle.Repeat("pairs", "", "a=1&", ""),
		oracle.Repeat("pairs_semicolons", "page=2", ";b=1", ""),
		oracle.Repeat("digits", "", "1234567890", ""),
	)
}
