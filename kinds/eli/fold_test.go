package eli

import (
	"strings"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/internal/spelling"
)

// TestFoldKey: the fast path folds every word it takes as spelling.Fold
// does, and every word of the tables is its own fold.
func TestFoldKey(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		alphabet := []rune("aAbBcCnNoOsSzZ.-_§°0129áčďéěíňóřšťúůýžÁČĎÉĚÍŇÓŘŠŤÚŮÝŽßłø\u0301")
		w := string(rapid.SliceOfN(rapid.SampledFrom(alphabet), 1, 40).Draw(t, "word"))
		var buf [32]byte
		if key, ok := foldKey(w, &buf); ok && string(key) != spelling.Fold(w) {
			t.Fatalf("foldKey(%q) = %q, spelling.Fold = %q", w, key, spelling.Fold(w))
		}
	})
	for _, table := range []map[string]bool{fillerWords, unionWords, numberWords, partWords, tailWords} {
		for w := range table {
			if spelling.Fold(w) != w || strings.Contains(w, " ") {
				t.Errorf("table word %q is not folded", w)
			}
		}
	}
	for _, table := range []map[string]string{typeWords, formWords} {
		for w := range table {
			if spelling.Fold(w) != w {
				t.Errorf("table word %q is not folded", w)
			}
		}
	}
}
