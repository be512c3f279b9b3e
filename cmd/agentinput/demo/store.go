// Package demo is the demonstration server's data: a deterministic,
// synthetic set of court decisions and the in-memory store the demo tools
// search and tag. It reads no kind: the tools hand it canonical values that
// the kinds have already read.
package demo

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"time"
)

// Decision is one synthetic court decision.
type Decision struct {
	ID       string   `json:"id"`
	Court    string   `json:"court"`
	Date     string   `json:"date"`
	Language string   `json:"language"`
	Country  string   `json:"country"`
	Tags     []string `json:"tags"`
	Title    string   `json:"title"`
	Summary  string   `json:"summary"`
}

// Courts are the court ids of the demo's vocabulary, in a fixed order.
var Courts = []string{"NS", "NSS", "US", "KS-PRAHA", "KS-BRNO"}

// Tags are the subject tags of the demo's enum.
var Tags = []string{"contract", "tort", "employment", "tax", "criminal", "administrative", "constitutional", "family"}

// Size is how many decisions the dataset holds.
const Size = 300

var (
	languages = []struct{ lang, country string }{{"cs", "CZ"}, {"cs", "CZ"}, {"cs", "CZ"}, {"sk", "SK"}, {"en", "GB"}, {"de", "AT"}}
	subjects  = map[string][]string{
		"contract":       {"a late delivery of goods", "a void purchase agreement", "a lease terminated without notice"},
		"tort":           {"damage caused by a falling tree", "a dog bite in a public park", "a traffic accident at a crossing"},
		"employment":     {"an unfair dismissal", "unpaid overtime", "a non-compete clause"},
		"tax":            {"a VAT refund", "a property tax assessment", "an income tax penalty"},
		"criminal":       {"fraud in public procurement", "a theft of a vehicle", "a breach of trust"},
		"administrative": {"a building permit", "a refused residence permit", "a fine for a parking offence"},
		"constitutional": {"the right to a fair trial", "the freedom of expression", "the protection of property"},
		"family":         {"the custody of a child", "maintenance payments", "the division of marital property"},
	}
)

// Generate returns the dataset: the same Size decisions on every call, on
// every machine (a fixed seed, a fixed order).
func Generate() []Decision {
	r := rand.New(rand.NewPCG(2026, 10))
	out := make([]Decision, Size)
	for i := range out {
		var id [16]byte
		for j := range id {
			id[j] = byte(r.IntN(256))
		}
		id[6] = id[6]&0x0f | 0x40 // version 4
		id[8] = id[8]&0x3f | 0x80 // RFC 4122 variant
		lc := languages[r.IntN(len(languages))]
		n := 1 + r.IntN(2)
		tags := make([]string, 0, n)
		for len(tags) < n {
			t := Tags[r.IntN(len(Tags))]
			if !slices.Contains(tags, t) {
				tags = append(tags, t)
			}
		}
		slices.Sort(tags)
		court := Courts[r.IntN(len(Courts))]
		subject := subjects[tags[0]][r.IntN(3)]
		out[i] = Decision{
			ID:       fmt.Sprintf("%x-%x-%x-%x-%x", id[0:4], id[4:6], id[6:8], id[8:10], id[10:16]),
			Court:    court,
			Date:     fmt.Sprintf("%04d-%02d-%02d", 2015+r.IntN(11), 1+r.IntN(12), 1+r.IntN(28)),
			Language: lc.lang,
			Country:  lc.country,
			Tags:     tags,
			Title:    fmt.Sprintf("%s on %s", courtNames[court], subject),
			Summary:  fmt.Sprintf("The %s decided a case about %s (%s).", courtNames[court], subject, strings.Join(tags, ", ")),
		}
	}
	// Newest first: the order pages are served in.
	slices.SortStableFunc(out, func(a, b Decision) int { return strings.Compare(b.Date, a.Date) })
	return out
}

var courtNames = map[string]string{
	"NS": "Supreme Court", "NSS": "Supreme Administrative Court", "US": "Constitutional Court",
	"KS-PRAHA": "Regional Court in Prague", "KS-BRNO": "Regional Court in Brno",
}

// Query selects decisions; a zero field does not filter.
type Query struct {
	// Text holds words that must all occur in a decision's title or
	// summary, in any order and letter case.
	Text     string
	Courts   []string
	From, To string // YYYY-MM-DD, inclusive
	Language string
	Country  string
	Tags     []string // any of them
}

// Store is the dataset in memory, safe for concurrent use.
type Store struct {
	mu        sync.RWMutex
	decisions []Decision
	byID      map[string]int
	updated   time.Time // when the data last changed: the reads' timestamp
}

// NewStore returns a store over the generated dataset.
func NewStore() *Store {
	s := &Store{decisions: Generate(), byID: map[string]int{}, updated: time.Now().UTC()}
	for i, d := range s.decisions {
		s.byID[d.ID] = i
	}
	return s
}

// Updated is when the store's data last changed: a read of it observes
// the data as of then.
func (s *Store) Updated() time.Time {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.updated
}

// Search returns the decisions [offset, offset+limit) that match q, and how
// many match in all.
func (s *Store) Search(q Query, offset, limit int) ([]Decision, int) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	var page []Decision
	total := 0
	words := strings.Fields(strings.ToLower(q.Text))
	for _, d := range s.decisions {
		if !matches(d, q, words) {
			continue
		}
		if total >= offset && len(page) < limit {
			page = append(page, clone(d))
		}
		total++
	}
	return page, total
}

func matches(d Decision, q Query, words []string) bool {
	switch {
	case len(q.Courts) > 0 && !slices.Contains(q.Courts, d.Court):
		return false
	case q.From != "" && d.Date < q.From:
		return false
	case q.To != "" && d.Date > q.To:
		return false
	case q.Language != "" && !strings.EqualFold(d.Language, baseLanguage(q.Language)):
		return false
	case q.Country != "" && d.Country != q.Country:
		return false
	case len(q.Tags) > 0 && !slices.ContainsFunc(q.Tags, func(t string) bool { return slices.Contains(d.Tags, t) }):
		return false
	case len(words) > 0 && !containsAll(strings.ToLower(d.Title+" "+d.Summary), words):
		return false
	}
	return true
}

func containsAll(text string, words []string) bool {
	for _, w := range words {
		if !strings.Contains(text, w) {
			return false
		}
	}
	return true
}

// baseLanguage is the language subtag of a canonical BCP 47 tag the locale
// kind returned ("cs-CZ" → "cs"): canonical tags put it first.
func baseLanguage(tag string) string {
	base, _, _ := strings.Cut(tag, "-")
	return base
}

// Get returns the decision with the id.
func (s *Store) Get(id string) (Decision, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	i, ok := s.byID[id]
	if !ok {
		return Decision{}, false
	}
	return clone(s.decisions[i]), true
}

// Tag adds tags to a decision and returns its tags before and the tags the
// call added.
func (s *Store) Tag(id string, tags []string) (previous, applied []string, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	i, ok := s.byID[id]
	if !ok {
		return nil, nil, false
	}
	d := &s.decisions[i]
	previous = slices.Clone(d.Tags)
	applied = []string{}
	for _, t := range tags {
		if !slices.Contains(d.Tags, t) {
			d.Tags = append(d.Tags, t)
			applied = append(applied, t)
		}
	}
	slices.Sort(d.Tags)
	if len(applied) > 0 {
		s.updated = time.Now().UTC()
	}
	return previous, applied, true
}

// Untag removes tags from a decision and returns its tags before and the
// tags the call removed.
func (s *Store) Untag(id string, tags []string) (previous, removed []string, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	i, ok := s.byID[id]
	if !ok {
		return nil, nil, false
	}
	d := &s.decisions[i]
	previous = slices.Clone(d.Tags)
	removed = []string{}
	d.Tags = slices.DeleteFunc(d.Tags, func(t string) bool {
		if slices.Contains(tags, t) {
			removed = append(removed, t)
			return true
		}
		return false
	})
	if len(removed) > 0 {
		s.updated = time.Now().UTC()
	}
	return previous, removed, true
}

// SetTags sets a decision's tags to tags, in their order, and returns
// the tags it had. Setting the tags it has changes nothing, the reads'
// timestamp included.
func (s *Store) SetTags(id string, tags []string) (previous []string, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	i, ok := s.byID[id]
	if !ok {
		return nil, false
	}
	previous = s.decisions[i].Tags
	if !slices.Equal(previous, tags) {
		s.decisions[i].Tags = append([]string{}, tags...)
		s.updated = time.Now().UTC()
	}
	return slices.Clone(previous), true
}

func clone(d Decision) Decision {
	d.Tags = slices.Clone(d.Tags)
	return d
}
