package number_test

import (
	"strconv"
	"testing"
)

// The owner's external test package is exempt too.
func TestExternal(t *testing.T) {
	f := strconv.ParseFloat
	if n, _ := f("1.5", 64); n != 1.5 {
		t.Fatal(n)
	}
}
