// Package demo is the demonstration server's data: a deterministic,
// synthetic set of court decisions and the in-memory store the demo tools
// search and tag. It reads no kind: the tools hand it canonical values that
// the kinds have already read.
package demo

import (
	"context"
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

// Store is the dataset, safe for concurrent use. The decisions live in
// memory; their tags change, and with Changes set those changes are kept
// where every process serving the dataset sees them (a file, a database),
// so that a reply about a write and a read after it agree whichever
// process answers, and across a restart.
type Store struct {
	mu        sync.RWMutex
	decisions []Decision
	generated map[string][]string // the tags of the generated dataset, by id
	byID      map[string]int
	updated   time.Time // when the data last changed: the reads' timestamp
	changes   Changes   // nil: the tags change in memory only
}

// Changes keeps the decisions' tag changes beyond one process. Its
// implementations are safe for concurrent use by many goroutines and
// processes.
type Changes interface {
	// Load returns the tags of every decision a change touched, and the
	// instant of the latest change (zero when there is none).
	Load(ctx context.Context) (map[string][]string, time.Time, error)
	// Change runs change on a decision's current tags (generated, when no
	// change touched them yet) under a lock that every process sharing
	// the changes respects, keeps what it returns (at now, when it
	// differs), and returns the tags before and after. After an error the
	// change may or may not have been kept (a commit whose answer was
	// lost): the caller reports its effect as unknown.
	Change(ctx context.Context, id string, generated []string, now time.Time, change func(current []string) []string) (before, after []string, err error)
}

// NewStore returns a store over the generated dataset whose tags change
// in memory only.
func NewStore() *Store {
	s, _ := NewStoreWith(context.Background(), nil) // nothing to load
	return s
}

// NewStoreWith returns a store over the generated dataset whose tag
// changes are kept in changes (nil: in memory only), and loads the
// changes made so far.
func NewStoreWith(ctx context.Context, changes Changes) (*Store, error) {
	s := &Store{decisions: Generate(), byID: map[string]int{}, generated: map[string][]string{}, updated: time.Now().UTC(), changes: changes}
	for i, d := range s.decisions {
		s.byID[d.ID] = i
		s.generated[d.ID] = slices.Clone(d.Tags)
	}
	if err := s.refresh(ctx); err != nil {
		return nil, err
	}
	return s, nil
}

// refresh loads the changes other processes made, when the store keeps
// them beyond this one.
func (s *Store) refresh(ctx context.Context) error {
	if s.changes == nil {
		return nil
	}
	tags, at, err := s.changes.Load(ctx)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for id, t := range tags {
		if i, ok := s.byID[id]; ok {
			s.decisions[i].Tags = slices.Clone(t)
		}
	}
	if at.After(s.updated) {
		s.updated = at.UTC()
	}
	return nil
}

// Updated is when the store's data last changed: a read of it observes
// the data as of then.
func (s *Store) Updated() time.Time {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.updated
}

// Search returns the decisions [offset, offset+limit) that match q, how
// many match in all, and when the data they were read from last changed.
func (s *Store) Search(ctx context.Context, q Query, offset, limit int) (page []Decision, total int, asOf time.Time, err error) {
	if err := s.refresh(ctx); err != nil {
		return nil, 0, time.Time{}, err
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	// Each word once: a query that repeats a word asks no more of a
	// decision, and must cost no more than one that says it once.
	words := strings.Fields(strings.ToLower(q.Text))
	slices.Sort(words)
	words = slices.Compact(words)
	for _, d := range s.decisions {
		if !matches(d, q, words) {
			continue
		}
		if total >= offset && len(page) < limit {
			page = append(page, clone(d))
		}
		total++
	}
	return page, total, s.updated, nil
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

// Get returns the decision with the id, and when the data it was read
// from last changed.
func (s *Store) Get(ctx context.Context, id string) (d Decision, ok bool, asOf time.Time, err error) {
	if err := s.refresh(ctx); err != nil {
		return Decision{}, false, time.Time{}, err
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	i, ok := s.byID[id]
	if !ok {
		return Decision{}, false, s.updated, nil
	}
	return clone(s.decisions[i]), true, s.updated, nil
}

// change changes a decision's tags with f, through the store's Changes
// when it has them, and returns its tags before and after; ok is false
// when no decision has the id.
func (s *Store) change(ctx context.Context, id string, f func(current []string) []string) (before, after []string, ok bool, err error) {
	s.mu.Lock()
	i, ok := s.byID[id]
	if !ok {
		s.mu.Unlock()
		return nil, nil, false, nil
	}
	now := time.Now().UTC()
	if s.changes == nil {
		defer s.mu.Unlock()
		before = slices.Clone(s.decisions[i].Tags)
		after = f(slices.Clone(before))
		if !slices.Equal(before, after) {
			s.decisions[i].Tags, s.updated = slices.Clone(after), now
		}
		return before, after, true, nil
	}
	generated := s.generated[id]
	s.mu.Unlock()
	// The shared lock, not this process's: another process may change the
	// same decision.
	before, after, err = s.changes.Change(ctx, id, generated, now, f)
	if err != nil {
		return nil, nil, true, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.decisions[i].Tags = slices.Clone(after)
	if !slices.Equal(before, after) && now.After(s.updated) {
		s.updated = now
	}
	return before, after, true, nil
}

// Tag adds tags to a decision and returns its tags before and the tags the
// call added.
func (s *Store) Tag(ctx context.Context, id string, tags []string) (previous, applied []string, ok bool, err error) {
	previous, after, ok, err := s.change(ctx, id, func(current []string) []string {
		for _, t := range tags {
			if !slices.Contains(current, t) {
				current = append(current, t)
			}
		}
		slices.Sort(current)
		return current
	})
	return previous, moved(after, previous), ok, err
}

// Untag removes tags from a decision and returns its tags before and the
// tags the call removed.
func (s *Store) Untag(ctx context.Context, id string, tags []string) (previous, removed []string, ok bool, err error) {
	previous, after, ok, err := s.change(ctx, id, func(current []string) []string {
		return slices.DeleteFunc(current, func(t string) bool { return slices.Contains(tags, t) })
	})
	return previous, moved(previous, after), ok, err
}

// moved is the tags of from that to does not have, in from's order; never
// nil.
func moved(from, to []string) []string {
	out := []string{}
	for _, t := range from {
		if !slices.Contains(to, t) {
			out = append(out, t)
		}
	}
	return out
}

// SetTags sets a decision's tags to tags, in their order, and returns
// the tags it had. Setting the tags it has changes nothing, the reads'
// timestamp included.
func (s *Store) SetTags(ctx context.Context, id string, tags []string) (previous []string, ok bool, err error) {
	previous, _, ok, err = s.change(ctx, id, func([]string) []string { return append([]string{}, tags...) })
	return previous, ok, err
}

func clone(d Decision) Decision {
	d.Tags = slices.Clone(d.Tags)
	return d
}
