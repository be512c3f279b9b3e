package demo

import (
	"context"
	"fmt"
	"strings"
	"time"

	"agentinput.dev/agentinput"

	"agentinput.dev/factory"
	"agentinput.dev/kinds/cursor"
	"agentinput.dev/kinds/vocabulary"
	"agentinput.dev/receipt"
)

// CourtsJSON is the demo's court vocabulary, the contract the README's demo fixes:
// ids, Czech and English names, abbreviations.
const CourtsJSON = `[
 {"id": "NS", "names": ["Nejvyšší soud"], "abbreviations": ["NS", "NSČR"], "english": ["Supreme Court"]},
 {"id": "NSS", "names": ["Nejvyšší správní soud"], "abbreviations": ["NSS"], "english": ["Supreme Administrative Court"]},
 {"id": "US", "names": ["Ústavní soud"], "abbreviations": ["ÚS"], "english": ["Constitutional Court"]},
 {"id": "KS-PRAHA", "names": ["Krajský soud v Praze"], "abbreviations": ["KS Praha"], "english": ["Regional Court in Prague"]},
 {"id": "KS-BRNO", "names": ["Krajský soud v Brně"], "abbreviations": ["KS Brno"], "english": ["Regional Court in Brno"]}
]`

// ReadDecisionsIn is the input of read_decisions.
type ReadDecisionsIn struct {
	Query    string          `json:"query" desc:"Words that must occur in the title or summary"`
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
	ID string `json:"id" agentinput:"required" desc:"The decision's id"`
}

// CanDoIn is the input of can_do.
type CanDoIn struct {
	Action     string   `json:"action" agentinput:"enum,values=do_tag_decision,required" desc:"The action to check"`
	DecisionID string   `json:"decision_id" desc:"The decision the action would change"`
	Tags       []string `json:"tags" agentinput:"item=enum,values=contract|tort|employment|tax|criminal|administrative|constitutional|family,unique" desc:"The tags the action would add"`
}

// Feasibility is the result of can_do.
type Feasibility struct {
	Feasible bool   `json:"feasible"`
	Reason   string `json:"reason"`
}

// TagIn is the input of do_tag_decision.
type TagIn struct {
	DecisionID string   `json:"decision_id" agentinput:"required" desc:"The decision to tag"`
	Tags       []string `json:"tags" agentinput:"item=enum,values=contract|tort|employment|tax|criminal|administrative|constitutional|family,unique,required" desc:"The subject tags to add"`
}

// Tagged is the result of do_tag_decision.
type Tagged struct {
	DecisionID   string   `json:"decision_id"`
	PreviousTags []string `json:"previous_tags"`
	AppliedTags  []string `json:"applied_tags"`
}

// SetTagsIn is the input of do_set_tags: what read_decision describes of
// a decision's tags, sent back byte for byte.
type SetTagsIn struct {
	DecisionID string   `json:"decision_id" agentinput:"required" desc:"The decision whose tags to set"`
	Tags       []string `json:"tags" agentinput:"item=enum,values=contract|tort|employment|tax|criminal|administrative|constitutional|family,unique,required" desc:"The decision's subject tags afterwards, all of them ([] removes every tag)"`
}

// TagsSet is the result of do_set_tags.
type TagsSet struct {
	DecisionID   string   `json:"decision_id"`
	PreviousTags []string `json:"previous_tags"`
	Tags         []string `json:"tags"`
}

// Tools declares the demonstration server's tools over a store, with the
// cursor codec keyed by key (at least 32 bytes), receipts in memory, and
// every call reported to observer (nil: log/slog).
func Tools(store *Store, key []byte, observer factory.Observer) ([]*factory.Tool, error) {
	return ToolsWith(store, Options{Keys: [][]byte{key}, Observer: observer})
}

// Options configure ToolsWith.
type Options struct {
	// Keys is the cursor keyring: the first key signs, every key verifies
	// (cursor.Options.Keys). Required.
	Keys [][]byte
	// Observer receives every call; nil is silent (factory.NoObserver).
	Observer factory.Observer
	// Receipts keeps do_tag_decision's receipts; nil is a receipt.Memory.
	Receipts receipt.Store
	// Lease is do_tag_decision's claim lease; zero is factory.DefaultLease.
	Lease time.Duration
	// BeforeTag, when set, runs inside do_tag_decision's handler before the
	// store changes: the tests use it to hold or count a write.
	BeforeTag func(decisionID string)
}

// ToolsWith declares the demonstration server's tools with options.
func ToolsWith(store *Store, opts Options) ([]*factory.Tool, error) {
	observer := opts.Observer
	courts, err := vocabulary.Load(strings.NewReader(CourtsJSON))
	if err != nil {
		return nil, err
	}
	codec, err := cursor.New(cursor.Options{Keys: opts.Keys})
	if err != nil {
		return nil, err
	}
	vocabs := map[string]*vocabulary.Reader{"courts": courts}

	read, err := factory.New(factory.Spec{
		Name:  "read_decisions",
		Title: "Search court decisions",
		Description: "Lists court decisions, newest first, a page at a time, filtered by words, court, period, " +
			"language, country and subject tags. Use when the user asks which decisions exist on a topic.",
		Intent: factory.IntentRead, Observer: observer, Vocabularies: vocabs, Cursors: codec,
	}, func(_ context.Context, in ReadDecisionsIn, call *factory.Call) (Page, error) {
		limit := in.Limit
		if limit == 0 {
			limit = 10
		}
		q := Query{Text: in.Query, From: in.DateFrom, To: in.DateTo, Language: in.Language, Country: in.Country, Tags: in.Tags}
		if in.Court != "" {
			q.Courts = []string{in.Court}
		}
		offset := int(in.Cursor.Offset)
		items, total := store.Search(q, offset, limit)
		page := Page{Decisions: items, Total: total}
		if page.Decisions == nil {
			page.Decisions = []Decision{}
		}
		if end := offset + len(items); end < total {
			page.NextCursor = call.NextCursor(int64(end), limit)
		}
		return page, nil
	})
	if err != nil {
		return nil, err
	}

	one, err := factory.New(factory.Spec{
		Name:        "read_decision",
		Title:       "Read one court decision",
		Description: "Returns one court decision with its court, date, language, country, tags, title and summary. Use when the user asks about a decision whose id is known.",
		Intent:      factory.IntentRead, Observer: observer,
	}, func(_ context.Context, in ReadDecisionIn, _ *factory.Call) (Decision, error) {
		d, ok := store.Get(in.ID)
		if !ok {
			return Decision{}, &factory.Failure{Code: agentinput.EnvelopeNotFound, Message: "no decision has the id " + in.ID, Hint: "Call read_decisions to find the decision's id."}
		}
		return d, nil
	})
	if err != nil {
		return nil, err
	}

	canDo, err := factory.New(factory.Spec{
		Name:        "can_do",
		Title:       "Check whether an action is possible",
		Description: "Answers whether an action such as do_tag_decision would succeed now, and why not, without changing anything. Use when the user wants to know before acting.",
		Intent:      factory.IntentCanDo, Observer: observer,
	}, func(_ context.Context, in CanDoIn, _ *factory.Call) (Feasibility, error) {
		switch {
		case in.DecisionID == "":
			return Feasibility{Reason: "do_tag_decision needs decision_id"}, nil
		case len(in.Tags) == 0:
			return Feasibility{Reason: "do_tag_decision needs at least one tag"}, nil
		}
		d, ok := store.Get(in.DecisionID)
		if !ok {
			return Feasibility{Reason: "no decision has the id " + in.DecisionID}, nil
		}
		var fresh []string
		for _, t := range in.Tags {
			if !contains(d.Tags, t) {
				fresh = append(fresh, t)
			}
		}
		if len(fresh) == 0 {
			return Feasibility{Reason: fmt.Sprintf("the decision already has the tags %s", strings.Join(in.Tags, ", "))}, nil
		}
		return Feasibility{Feasible: true, Reason: "do_tag_decision would add " + strings.Join(fresh, ", ")}, nil
	})
	if err != nil {
		return nil, err
	}

	tag, err := factory.New(factory.Spec{
		Name:        "do_tag_decision",
		Title:       "Tag a court decision",
		Description: "Adds subject tags to a court decision and returns its tags before and the tags added. Use when the user asks to classify a decision.",
		Intent:      factory.IntentDo, Observer: observer, Receipts: opts.Receipts, Lease: opts.Lease,
		Confirm: "Call read_decision with the decision_id and look at its tags",
	}, func(_ context.Context, in TagIn, _ *factory.Call) (Tagged, error) {
		if _, ok := store.Get(in.DecisionID); !ok {
			return Tagged{}, &factory.Failure{Code: agentinput.EnvelopeNotFound, Message: "no decision has the id " + in.DecisionID, Hint: "Call read_decisions to find the decision's id."}
		}
		if opts.BeforeTag != nil {
			opts.BeforeTag(in.DecisionID)
		}
		prev, applied, _ := store.Tag(in.DecisionID, in.Tags)
		return Tagged{DecisionID: in.DecisionID, PreviousTags: prev, AppliedTags: applied}, nil
	})
	if err != nil {
		return nil, err
	}
	setTags, err := factory.New(factory.Spec{
		Name:  "do_set_tags",
		Title: "Set a court decision's tags",
		Description: "Sets a court decision's subject tags to exactly the list sent, replacing those it had, and returns its tags " +
			"before and after. Use when the user asks to retag a decision or to remove a tag.",
		Intent: factory.IntentDo, Observer: observer, Receipts: opts.Receipts, Lease: opts.Lease,
		Confirm: "Call read_decision with the decision_id and look at its tags",
		// What read_decision returns of a decision's tags, do_set_tags
		// takes back unchanged: cmd/agentinput/demo's TestTagsFixedPoint.
		Configures: &factory.Configures{Tool: "read_decision", From: map[string]string{"decision_id": "/id", "tags": "/tags"}},
	}, func(_ context.Context, in SetTagsIn, _ *factory.Call) (TagsSet, error) {
		prev, ok := store.SetTags(in.DecisionID, in.Tags)
		if !ok {
			return TagsSet{}, &factory.Failure{Code: agentinput.EnvelopeNotFound, Message: "no decision has the id " + in.DecisionID, Hint: "Call read_decisions to find the decision's id."}
		}
		return TagsSet{DecisionID: in.DecisionID, PreviousTags: prev, Tags: in.Tags}, nil
	})
	if err != nil {
		return nil, err
	}
	return []*factory.Tool{read, one, canDo, tag, setTags}, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
