package number

import (
	"strings"
	"testing"
)

// TestExpectedUnbounded: the words made once for a property with no bound
// (Expected, the hint sendAlone) are the words the options make, and they
// name the example.
func TestExpectedUnbounded(t *testing.T) {
	for _, opts := range []Options{{}, {Integer: true}, {Clamp: true}, {Integer: true, Clamp: true}} {
		if got, want := Expected(opts), expected(opts); got != want {
			t.Errorf("Expected(%+v) = %q, want %q", opts, got, want)
		}
		if got, want := sendAlone(opts), sendAloneFor(opts); got != want {
			t.Errorf("sendAlone(%+v) = %q, want %q", opts, got, want)
		}
		if want := ", for example " + string(Example(opts)); !strings.HasSuffix(Expected(opts), want) {
			t.Errorf("Expected(%+v) = %q, not ending in %q", opts, Expected(opts), want)
		}
	}
}
