package a

import (
	"strconv"
	"testing"
)

// Tests of a package that owns no kind are not exempt.
func TestA(t *testing.T) {
	strconv.ParseInt("1", 10, 64) // want `strconv.ParseInt parses a number`
}
