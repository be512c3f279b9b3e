package demo

import (
	"context"
	_ "embed"
	"slices"
	"strconv"
	"strings"
	"time"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory"
	"agentinput.dev/factory/observe"
	"agentinput.dev/kinds/cursor"
	"agentinput.dev/kinds/filter"
	"agentinput.dev/kinds/vocabulary"
	"agentinput.dev/promcp"
	"agentinput.dev/receipt"
)

// CourtsJSON is the demo's court vocabulary, the contract the README's demo fixes:
// ids, Czech and English names, abbreviations. It is the file courts.json,
// which the docs' citations name as a --vocab fixture
// (internal/demo/courts.json), so the two cannot differ.
//
//go:embed courts.json
var CourtsJSON string

// ReadDecisionsIn is the input of read_decisions.
type ReadDecisionsIn struct {
	Query    string          `json:"query" desc:"Words that must all occur in the title or summary, in any order and letter case"`
	Court    string          `json:"court" agentinput:"filter,of=courts" desc:"Only decisions of this court"`
	DateFrom string          `json:"date_from" desc:"Only decisions from this day on"`
	DateTo   string          `json:"date_to" desc:"Only decisions up to this day"`
	Language string          `json:"language" agentinput:"filter" desc:"Only decisions in this language"`
	Country  string          `json:"country" agentinput:"filter" desc:"Only decisions from this country"`
	Tags     []string        `json:"tags" agentinput:"filter,item=enum,values=contract|tort|employment|tax|criminal|administrative|constitutional|family,unique" desc:"Only decisions with any of these subject tags"`
	Limit    int             `json:"limit" agentinput:"max=50" desc:"How many decisions a page holds (10 when left out)"`
	Cursor   cursor.Position `json:"cursor" desc:"The next_cursor of the previous page, to read the next one"`
}

// Page is the result of read_decisions.
type Page struct {
	Decisions  []Decision `json:"decisions"`
	Total      int        `json:"total"`
	NextCursor string     `json:"next_cursor,omitempty"`
}

// ReadDecisionIn is the input of read_decision.
type ReadDecisionIn struct {
	ID string `json:"id" agentinput:"uuid,required" desc:"The decision's id"`
}

// TagIn is the input of do_tag_decision.
type TagIn struct {
	DecisionID string   `json:"decision_id" agentinput:"uuid,required" desc:"The decision to tag"`
	Tags       []string `json:"tags" agentinput:"item=enum,values=contract|tort|employment|tax|criminal|administrative|constitutional|family,unique,required" desc:"The subject tags to add"`
}

// UntagIn is the input of do_untag_decision.
type UntagIn struct {
	DecisionID string   `json:"decision_id" agentinput:"uuid,required" desc:"The decision to untag"`
	Tags       []string `json:"tags" agentinput:"item=enum,values=contract|tort|employment|tax|criminal|administrative|constitutional|family,unique,required" desc:"The subject tags to remove"`
}

// SetTagsIn is the input of do_set_tags: what read_decision describes of
// a decision's tags, sent back byte for byte.
type SetTagsIn struct {
	DecisionID string   `json:"decision_id" agentinput:"uuid,required" desc:"The decision whose tags to set"`
	Tags       []string `json:"tags" agentinput:"item=enum,values=contract|tort|employment|tax|criminal|administrative|constitutional|family,unique,required" desc:"The decision's subject tags afterwards, all of them ([] removes every tag)"`
}

// Tagged is the result of do_tag_decision and do_untag_decision: the
// decision's tags after the call (applied_value) and before it
// (previous_value).
type Tagged = promcp.Do[[]string]

// validFor is how long a can_do answer holds: the store may change at any
// time, so not long.
const validFor = 30 * time.Second

// Tools declares the demonstration server's tools over a store, with the
// cursor codec keyed by key (at least 32 bytes), receipts in memory, and
// every call reported to observer (nil: log/slog).
func Tools(store *Store, key []byte, observer observe.Observer) ([]*factory.Tool, error) {
	return ToolsWith(store, Options{Keys: [][]byte{key}, Observer: observer})
}

// Options configure ToolsWith.
type Options struct {
	// Keys is the cursor keyring: the first key signs, every key verifies
	// (cursor.Options.Keys). Required.
	Keys [][]byte
	// Observer receives every call; nil is silent (observe.None).
	Observer observe.Observer
	// Receipts keeps do_tag_decision's receipts; nil is a receipt.Memory.
	Receipts receipt.Store
	// Lease is do_tag_decision's claim lease; zero is factory.DefaultLease.
	Lease time.Duration
	// BeforeTag, when set, runs inside do_tag_decision's handler before the
	// store changes: the tests use it to hold or count a write.
	BeforeTag func(decisionID string)
}

// shared are what the demo's tools and its catalog both read with: the
// courts vocabulary, and the cursor codec of opts.Keys.
func shared(opts Options) (map[string]*vocabulary.Reader, *cursor.Reader, error) {
	courts, err := vocabulary.Load(strings.NewReader(CourtsJSON))
	if err != nil {
		return nil, nil, err
	}
	codec, err := cursor.New(cursor.Options{Keys: opts.Keys})
	if err != nil {
		return nil, nil, err
	}
	return map[string]*vocabulary.Reader{"courts": courts}, codec, nil
}

// ToolsWith declares the demonstration server's tools with options.
func ToolsWith(store *Store, opts Options) ([]*factory.Tool, error) {
	observer := opts.Observer
	vocabs, codec, err := shared(opts)
	if err != nil {
		return nil, err
	}

	read, err := factory.New(factory.Spec{
		Name:  "read_decisions",
		Title: "Search court decisions",
		Description: "Lists court decisions, newest first, a page at a time, filtered by words, court, period, " +
			"language, country and subject tags. Use when the user asks which decisions exist on a topic.",
		Intent: factory.IntentRead, Observer: observer, Vocabularies: vocabs, Cursors: codec,
	}, func(ctx context.Context, in ReadDecisionsIn, call *factory.Call) (promcp.Read[Page], error) {
		limit := in.Limit
		if limit == 0 {
			limit = 10
		}
		q := Query{Text: in.Query, From: in.DateFrom, To: in.DateTo, Language: in.Language, Country: in.Country, Tags: in.Tags}
		if in.Court != "" {
			q.Courts = []string{in.Court}
		}
		offset := int(in.Cursor.Offset)
		items, total, asOf, err := store.Search(ctx, q, offset, limit)
		if err != nil {
			return promcp.Read[Page]{}, err
		}
		if total == 0 {
			if err := whyEmpty(ctx, store, q, call); err != nil {
				return promcp.Read[Page]{}, err
			}
		}
		page := Page{Decisions: items, Total: total}
		if page.Decisions == nil {
			page.Decisions = []Decision{}
		}
		if end := offset + len(items); end < total {
			page.NextCursor = call.NextCursor(int64(end), limit)
		}
		return promcp.NewRead(page, "", asOf, promcp.Good)
	})
	if err != nil {
		return nil, err
	}

	one, err := factory.New(factory.Spec{
		Name:        "read_decision",
		Title:       "Read one court decision",
		Description: "Returns one court decision with its court, date, language, country, tags, title and summary. Use when the user asks about a decision whose id is known.",
		Intent:      factory.IntentRead, Observer: observer,
	}, func(ctx context.Context, in ReadDecisionIn, _ *factory.Call) (promcp.Read[Decision], error) {
		d, ok, asOf, err := store.Get(ctx, in.ID)
		if err != nil {
			return promcp.Read[Decision]{}, err
		}
		if !ok {
			return promcp.Read[Decision]{}, &factory.Failure{Code: agentinput.EnvelopeNotFound, Message: "no decision has the id " + in.ID, Hint: "Call read_decisions to find the decision's id."}
		}
		return promcp.NewRead(d, "", asOf, promcp.Good)
	})
	if err != nil {
		return nil, err
	}

	tag, err := factory.New(factory.Spec{
		Name:  "do_tag_decision",
		Title: "Tag a court decision",
		Description: "Adds subject tags to a court decision, keeping those it has, and returns its tags before and after. " +
			"Use when the user asks to add a tag; to remove some, use do_untag_decision; to say what all its tags are (or that it has none), do_set_tags.",
		Intent: factory.IntentDo, Observer: observer, Receipts: opts.Receipts, Lease: opts.Lease,
		Confirm:  "Call read_decision with the decision_id and look at its tags",
		Additive: true,
	}, func(ctx context.Context, in TagIn, _ *factory.Call) (Tagged, error) {
		if _, ok, _, err := store.Get(ctx, in.DecisionID); err != nil {
			// Before any change: the same call may run again.
			return Tagged{}, &factory.Failure{Code: agentinput.EnvelopeUnavailable, Message: "the decisions cannot be read right now", Hint: "Send the same call again in a minute."}
		} else if !ok {
			return Tagged{}, notFound(in.DecisionID, nil)
		}
		if opts.BeforeTag != nil {
			opts.BeforeTag(in.DecisionID)
		}
		prev, added, _, err := store.Tag(ctx, in.DecisionID, in.Tags)
		if err != nil {
			return Tagged{}, err
		}
		return changed(in.DecisionID, prev, added, "do_untag_decision", func(now []string) []string { return sortedUnion(now, added) })
	})
	if err != nil {
		return nil, err
	}

	untag, err := factory.New(factory.Spec{
		Name:  "do_untag_decision",
		Title: "Remove tags from a court decision",
		Description: "Removes the subject tags sent from a court decision, keeping the others, and returns its tags before and after. " +
			"Use when the user asks to remove some tags; to remove every tag or replace them all, use do_set_tags; to add one, do_tag_decision.",
		Intent: factory.IntentDo, Observer: observer, Receipts: opts.Receipts, Lease: opts.Lease,
		Confirm: "Call read_decision with the decision_id and look at its tags",
	}, func(ctx context.Context, in UntagIn, _ *factory.Call) (Tagged, error) {
		prev, removed, ok, err := store.Untag(ctx, in.DecisionID, in.Tags)
		if err != nil || !ok {
			return Tagged{}, notFound(in.DecisionID, err)
		}
		return changed(in.DecisionID, prev, removed, "do_tag_decision", func(now []string) []string {
			return slices.DeleteFunc(slices.Clone(now), func(t string) bool { return slices.Contains(removed, t) })
		})
	})
	if err != nil {
		return nil, err
	}

	setTags, err := factory.New(factory.Spec{
		Name:  "do_set_tags",
		Title: "Set a court decision's tags",
		Description: "Sets a court decision's subject tags to exactly the list sent ([] removes them all), replacing those it had. " +
			"Use when the user says what all its tags should be, or to remove every tag; to add or remove some and keep the rest, use do_tag_decision or do_untag_decision.",
		Intent: factory.IntentDo, Observer: observer, Receipts: opts.Receipts, Lease: opts.Lease,
		Confirm: "Call read_decision with the decision_id and look at its tags",
		// What read_decision returns of a decision's tags, do_set_tags
		// takes back unchanged: internal/demo's TestTagsFixedPoint.
		Configures: &factory.Configures{Tool: "read_decision", From: map[string]string{"decision_id": "/value/id", "tags": "/value/tags"}},
	}, func(ctx context.Context, in SetTagsIn, _ *factory.Call) (Tagged, error) {
		prev, ok, err := store.SetTags(ctx, in.DecisionID, in.Tags)
		if err != nil || !ok {
			return Tagged{}, notFound(in.DecisionID, err)
		}
		d := Tagged{AppliedValue: &in.Tags, PreviousValue: &prev}
		if !slices.Equal(prev, in.Tags) {
			// Back to exactly the tags it had.
			return d.Compensate("do_set_tags", tagsCall{DecisionID: in.DecisionID, Tags: prev})
		}
		return promcp.NewDo(d)
	})
	if err != nil {
		return nil, err
	}
	canDo, err := factory.CanDo(factory.Spec{
		Name:        "can_do",
		Title:       "Check whether an action is possible",
		Description: "Answers whether do_tag_decision, do_untag_decision or do_set_tags would change a decision now, and why not, without changing anything. Use when the user wants to know before acting.",
		Observer:    observer,
	},
		factory.Action{Tool: tag, Check: precondition(store, "do_tag_decision"), RelatedReads: []string{"read_decision"}},
		factory.Action{Tool: untag, Check: precondition(store, "do_untag_decision"), RelatedReads: []string{"read_decision"}},
		factory.Action{Tool: setTags, Check: precondition(store, "do_set_tags"), RelatedReads: []string{"read_decision"}})
	if err != nil {
		return nil, err
	}
	return []*factory.Tool{read, one, canDo, tag, untag, setTags}, nil
}

// notFound is the failure of a call whose decision does not exist, or, with
// err, whose store failed: an error without a domain code, since a store
// that failed may have kept the change (effect unknown).
func notFound(id string, err error) error {
	if err != nil {
		return err
	}
	return &factory.Failure{Code: agentinput.EnvelopeNotFound, Message: "no decision has the id " + id, Hint: "Call read_decisions to find the decision's id."}
}

// maxWordsChecked is how many distinct words of a query that emptied a
// page whyEmpty looks up one by one.
const maxWordsChecked = 20

// whyEmpty says why a page came back empty (no_hits_filtered): for each
// filter over a kind with no vocabulary — language, country, tags — that
// alone emptied it, the values that would have matched (kinds/filter's
// NoHits); for the text query, when it alone emptied the page, the words
// that occur in no decision the other filters keep, or that each occurs
// but no decision holds them all. A filter whose removal still leaves the
// page empty is not named: it is not why. An error is the store's.
func whyEmpty(ctx context.Context, store *Store, q Query, call *factory.Call) error {
	without := func(clear func(*Query)) ([]Decision, error) {
		r := q
		clear(&r)
		items, _, _, err := store.Search(ctx, r, 0, Size)
		return items, err
	}
	for _, f := range []struct {
		name   string
		set    bool
		clear  func(*Query)
		values func(Decision) []string
	}{
		{"language", q.Language != "", func(r *Query) { r.Language = "" }, func(d Decision) []string { return []string{d.Language} }},
		{"country", q.Country != "", func(r *Query) { r.Country = "" }, func(d Decision) []string { return []string{d.Country} }},
		{"tags", len(q.Tags) > 0, func(r *Query) { r.Tags = nil }, func(d Decision) []string { return d.Tags }},
	} {
		if !f.set {
			continue
		}
		matched, err := without(f.clear)
		if err != nil {
			return err
		}
		var values []string
		for _, d := range matched {
			for _, v := range f.values(d) {
				if !slices.Contains(values, v) {
					values = append(values, v)
				}
			}
		}
		if len(values) > 0 {
			slices.Sort(values)
			w := filter.NoHits(f.name, values)
			call.Warn(w.Code, "/"+f.name, w.Message)
		}
	}
	words := strings.Fields(q.Text)
	if len(words) == 0 {
		return nil
	}
	others, err := without(func(r *Query) { r.Text = "" })
	if err != nil || len(others) == 0 {
		return err
	}
	// Each distinct word once, and at most maxWordsChecked of them: a
	// search per word, bounded whatever the query's length.
	var none, seen []string
	for _, w := range words {
		if slices.Contains(seen, strings.ToLower(w)) {
			continue
		}
		if len(seen) == maxWordsChecked {
			break
		}
		seen = append(seen, strings.ToLower(w))
		r := q
		r.Text = w
		_, n, _, err := store.Search(ctx, r, 0, 0)
		if err != nil {
			return err
		}
		if n == 0 {
			none = append(none, strconv.Quote(w))
		}
	}
	msg := "No results for the query " + strconv.Quote(q.Text) + ": "
	switch {
	case len(none) == 1:
		msg += "the word " + none[0] + " occurs in no title or summary of the decisions the other filters keep. Call again without it, or with another word."
	case len(none) > 1:
		msg += "the words " + strings.Join(none, ", ") + " occur in no title or summary of the decisions the other filters keep. Call again without them, or with other words."
	default:
		msg += "each word occurs, but no title or summary of the decisions the other filters keep holds them all. Call again with fewer words."
	}
	call.Warn(agentinput.WarningNoHitsFiltered, "/query", msg)
	return nil
}

// changed is the do result of a call that moved tags from prev: the tags
// after it, and, when it moved any, the call that moves back exactly
// those (never a tag the decision had before the call, or still has).
// When it moved none, it changed nothing: the values before and after are
// the same, and promcp says so.
func changed(id string, prev, moved []string, reverse string, after func([]string) []string) (Tagged, error) {
	now := after(prev)
	d := Tagged{AppliedValue: &now, PreviousValue: &prev}
	if len(moved) > 0 {
		return d.Compensate(reverse, tagsCall{DecisionID: id, Tags: moved})
	}
	return promcp.NewDo(d)
}

// tagsCall is the arguments of a reversing call of the tagging tools.
type tagsCall struct {
	DecisionID string   `json:"decision_id"`
	Tags       []string `json:"tags"`
}

// precondition is can_do's check of a tagging action (do_tag_decision,
// do_untag_decision, do_set_tags): allowed when the call would change the
// decision, blocked (out_of_range: its arguments name nothing to change)
// when it would not.
func precondition(store *Store, action string) func(context.Context, map[string]any) factory.Verdict {
	removes := action == "do_untag_decision"
	return func(ctx context.Context, args map[string]any) factory.Verdict {
		id, _ := args["decision_id"].(string)
		var tags []string
		list, _ := args["tags"].([]any)
		for _, t := range list {
			if s, ok := t.(string); ok {
				tags = append(tags, s)
			}
		}
		d, ok, asOf, err := store.Get(ctx, id)
		if err != nil {
			return factory.Verdict{Permission: promcp.SourceUnreachable, Reason: "the decisions cannot be read right now"}
		}
		if !ok {
			return factory.Verdict{Permission: promcp.OutOfRange, Reason: "no decision has the id " + id}
		}
		current := &promcp.State{Value: d.Tags, Timestamp: asOf}
		if action == "do_set_tags" {
			wanted := slices.Clone(tags)
			slices.Sort(wanted)
			if slices.Equal(wanted, d.Tags) {
				return factory.Verdict{Permission: promcp.OutOfRange, Reason: "the decision already has exactly the tags " + strings.Join(tags, ", ")}
			}
			return factory.Verdict{CurrentState: current, ValidFor: validFor, Latency: time.Millisecond}
		}
		var moves []string
		for _, t := range tags {
			if slices.Contains(d.Tags, t) == removes {
				moves = append(moves, t)
			}
		}
		switch {
		case len(moves) > 0:
			return factory.Verdict{CurrentState: current, ValidFor: validFor, Latency: time.Millisecond}
		case removes:
			return factory.Verdict{Permission: promcp.OutOfRange, Reason: "the decision has none of the tags " + strings.Join(tags, ", ")}
		default:
			return factory.Verdict{Permission: promcp.OutOfRange, Reason: "the decision already has the tags " + strings.Join(tags, ", ")}
		}
	}
}

func sortedUnion(a, b []string) []string {
	out := slices.Clone(a)
	for _, t := range b {
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	slices.Sort(out)
	return out
}
