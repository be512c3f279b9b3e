package oracle

import (
	"strings"
	"testing"
)

var linearSink int

// linear touches each byte once; quadratic once per byte before it, and
// quadraticAlloc copies the prefix before each byte, as a read that joins
// and folds its words once per split does.
func linear(v any) {
	s := v.(string)
	for i := 0; i < len(s); i++ {
		linearSink += int(s[i])
	}
}

func quadratic(v any) {
	s := v.(string)
	for i := 0; i < len(s); i++ {
		for j := 0; j < i; j++ {
			linearSink += int(s[j])
		}
	}
}

func quadraticAlloc(v any) {
	s := v.(string)
	for i := 0; i < len(s); i += 8 {
		linearSink += len(strings.Clone(s[:i]))
	}
}

func linearAlloc(v any) { linearSink += len(strings.Clone(v.(string))) }

func TestCompare(t *testing.T) {
	small, large := strings.Repeat("a", 256), strings.Repeat("a", GrowthFactor*256)
	for _, c := range []struct {
		name   string
		read   func(any)
		linear bool
	}{
		{"linear", linear, true},
		{"linear allocating", linearAlloc, true},
		{"quadratic steps", quadratic, false},
		{"quadratic allocations", quadraticAlloc, false},
	} {
		_, _, msg := compare(c.read, small, large)
		if c.linear && msg != "" {
			t.Errorf("%s: %s", c.name, msg)
		}
		if !c.linear && msg == "" {
			t.Errorf("%s: not reported", c.name)
		}
		t.Logf("%s: %q", c.name, msg)
	}
}

func TestSize(t *testing.T) {
	for _, c := range []struct {
		v    any
		want int
	}{
		{"abc", 3},
		{[]any{"ab", "c"}, 5},
		{[]byte("abcd"), 4},
	} {
		if got := Size(c.v); got != c.want {
			t.Errorf("Size(%#v) = %d, want %d", c.v, got, c.want)
		}
	}
}
