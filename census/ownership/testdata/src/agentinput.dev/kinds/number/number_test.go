package number

import (
	"strconv"
	"testing"
)

// The owner's in-package tests are exempt.
func TestParse(t *testing.T) {
	if n, _ := strconv.Atoi("12"); n != 12 {
		t.Fatal(n)
	}
}
