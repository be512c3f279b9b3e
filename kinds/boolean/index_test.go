package boolean

import (
	"strconv"
	"strings"
	"testing"
)

// TestShortIndex: the fast path's table finds exactly the entries of the
// map it was built from, for every key packKey takes, in every language
// set; and nothing for a key the map does not hold.
func TestShortIndex(t *testing.T) {
	sets := [][]string{nil, {"cs", "el"}}
	for _, l := range languages {
		sets = append(sets, []string{l.Code})
	}
	for _, codes := range sets {
		r, err := New(Options{Languages: codes})
		if err != nil {
			t.Fatal(err)
		}
		short := 0
		for key, e := range r.words {
			k, ok := packKey(key)
			if !ok {
				continue
			}
			short++
			if got := r.short.find(k); got != e {
				t.Errorf("%v: find(%q) = %p, the map holds %p", codes, key, got, e)
			}
		}
		if short == 0 {
			t.Errorf("%v: no short key", codes)
		}
		for _, miss := range []string{"", "x", "yesno", "truefalse", strings.Repeat("a", maxFast)} {
			k, ok := packKey(miss)
			if _, held := r.words[miss]; held || !ok {
				continue
			}
			if got := r.short.find(k); got != nil {
				t.Errorf("%v: find(%q) = %p, want nil", codes, miss, got)
			}
		}
	}
	if _, ok := packKey(strings.Repeat("a", maxFast+1)); ok {
		t.Error("packKey took a key longer than maxFast")
	}
	if _, ok := packKey("áno"); ok {
		t.Error("packKey took a non-ASCII key")
	}
}

// TestShortIndexCollisions: keys that share their first bytes, or differ
// only past the eighth, in a table full enough that probes collide.
func TestShortIndexCollisions(t *testing.T) {
	words := map[string]*entry{}
	for i := range 300 {
		words["k"+strconv.Itoa(i)] = &entry{}
		words["abcdefgh"+strconv.Itoa(i)] = &entry{}
	}
	x := newShortIndex(words)
	for key, e := range words {
		k, _ := packKey(key)
		if got := x.find(k); got != e {
			t.Fatalf("find(%q) = %p, want %p", key, got, e)
		}
	}
	for _, miss := range []string{"k300", "k", "abcdefgh", "abcdefgh300", "abcdefgh1x"} {
		k, _ := packKey(miss)
		if got := x.find(k); got != nil {
			t.Errorf("find(%q) = %p, want nil", miss, got)
		}
	}
}
