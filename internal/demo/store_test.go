package demo

import (
	"context"
	"regexp"
	"slices"
	"testing"
)

func TestGenerateIsDeterministic(t *testing.T) {
	a, b := Generate(), Generate()
	if len(a) != Size || !slices.EqualFunc(a, b, func(x, y Decision) bool {
		return x.ID == y.ID && x.Date == y.Date && slices.Equal(x.Tags, y.Tags) && x.Title == y.Title
	}) {
		t.Fatal("two generations differ")
	}
	uuid := regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)
	seen := map[string]bool{}
	for _, d := range a {
		if !uuid.MatchString(d.ID) || seen[d.ID] {
			t.Fatalf("id %q is not a fresh canonical v4 uuid", d.ID)
		}
		seen[d.ID] = true
		if !slices.Contains(Courts, d.Court) || len(d.Tags) == 0 {
			t.Fatalf("decision %+v", d)
		}
	}
}

func TestSearchPagesCoverEverythingOnce(t *testing.T) {
	s := NewStore()
	q := Query{Courts: []string{"NS", "US"}, From: "2018-01-01"}
	_, total, _, _ := s.Search(context.Background(), q, 0, 0)
	seen := map[string]bool{}
	for offset := 0; offset < total; offset += 7 {
		page, n, _, _ := s.Search(context.Background(), q, offset, 7)
		if n != total {
			t.Fatalf("total changed from %d to %d", total, n)
		}
		for _, d := range page {
			if seen[d.ID] || (d.Court != "NS" && d.Court != "US") || d.Date < "2018-01-01" {
				t.Fatalf("decision %+v repeated or outside the query", d)
			}
			seen[d.ID] = true
		}
	}
	if len(seen) != total || total == 0 {
		t.Fatalf("pages covered %d of %d", len(seen), total)
	}
}

func TestTag(t *testing.T) {
	s := NewStore()
	d := clone(s.decisions[0])
	prev, applied, ok, _ := s.Tag(context.Background(), d.ID, []string{d.Tags[0], "tax"})
	if !ok || !slices.Equal(prev, d.Tags) {
		t.Fatalf("previous %v, want %v", prev, d.Tags)
	}
	if slices.Contains(d.Tags, "tax") != (len(applied) == 0) {
		t.Fatalf("applied %v", applied)
	}
	if _, _, ok, _ := s.Tag(context.Background(), "no-such-id", nil); ok {
		t.Fatal("tagged a missing decision")
	}
}
