package factory_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"agentinput.dev/factory"
	"agentinput.dev/factory/observe"
	"agentinput.dev/internal/binding"
	"agentinput.dev/kinds/vocabulary"
)

type overVocabulary struct {
	Court  string   `json:"court" agentinput:"filter,of=places" desc:"Only items of this place."`
	Home   string   `json:"home" agentinput:"vocabulary,of=places" desc:"The item's home."`
	Visits []string `json:"visits" agentinput:"item=vocabulary,of=places" desc:"The places visited."`
}

type propertySchema struct {
	Description string `json:"description"`
	Enum        []string
	Items       *struct {
		Enum []string `json:"enum"`
	} `json:"items"`
}

// drawVocabulary draws a vocabulary of 1 to 25 entries, each with an id, a
// name and maybe an English name.
func drawVocabulary(t *rapid.T) *vocabulary.Reader {
	n := rapid.IntRange(1, 25).Draw(t, "entries")
	entries := make([]vocabulary.Entry, n)
	for i := range entries {
		entries[i] = vocabulary.Entry{ID: fmt.Sprintf("P%02d", i), Names: []string{"Místo číslo " + strconv.Itoa(i)}}
		if rapid.Bool().Draw(t, "english") {
			entries[i].English = []string{"Place number " + strconv.Itoa(i)}
		}
	}
	v, err := vocabulary.New(vocabulary.Options{Entries: entries})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// A property over a vocabulary — the vocabulary kind, a filter over one,
// a list of its items — advertises its ids as the enum, and its
// description says what each of them is, id → name (the vocabulary's own
// description of the entry), for up to MaxDescribedEntries entries; past
// that it names the tool that lists them (Spec.ListedBy), or, with none
// named, the first entries and how many there are. The description and
// the enum agree: it names no value the enum lacks as one to send ("all"
// is left to the words "leave it out"), and every id it names is one.
func TestVocabularyDescriptionsNameTheEntries(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := drawVocabulary(t)
		lister := rapid.SampledFrom([]string{"", "read_places"}).Draw(t, "listed by")
		spec := factory.Spec{Name: "read_items", Title: "Items", Intent: factory.IntentRead, Observer: observe.None{},
			Description:  "Lists items by place. Use when a test needs a tool over a vocabulary.",
			Vocabularies: map[string]*vocabulary.Reader{"places": v}}
		if lister != "" {
			spec.ListedBy = map[string]string{"places": lister}
		}
		tool := factory.Must(spec, func(context.Context, overVocabulary, *factory.Call) (struct{}, error) { return struct{}{}, nil })
		var schema struct {
			Properties map[string]propertySchema `json:"properties"`
		}
		if err := json.Unmarshal(tool.InputSchema(), &schema); err != nil {
			t.Fatal(err)
		}
		ids := v.IDs()
		for _, name := range []string{"court", "home", "visits"} {
			p := schema.Properties[name]
			enum := p.Enum
			if p.Items != nil {
				enum = p.Items.Enum
			}
			if !slices.Equal(enum, ids) {
				t.Fatalf("%s: enum %v, ids %v", name, enum, ids)
			}
			d := p.Description
			if strings.Contains(d, `"all"`) {
				t.Fatalf("%s: %q advertises \"all\", which the enum lacks", name, d)
			}
			for _, quoted := range quotedIn(d) {
				if !slices.Contains(ids, quoted) {
					t.Fatalf("%s: %q names %q as a value, which the enum lacks", name, d, quoted)
				}
			}
			switch {
			case len(ids) <= binding.MaxDescribedEntries:
				for _, id := range ids {
					if !strings.Contains(d, strconv.Quote(id)+" ("+v.Describe(id)+")") {
						t.Fatalf("%s: %q does not say what %q is", name, d, id)
					}
				}
			case lister != "":
				if !strings.Contains(d, "call "+lister+" to list them") || strings.Contains(d, strconv.Quote(ids[0])+" (") {
					t.Fatalf("%s: %q, want it to name %s instead of listing %d entries", name, d, lister, len(ids))
				}
			default:
				last := ids[binding.MaxDescribedEntries-1]
				if !strings.Contains(d, strconv.Quote(last)+" ("+v.Describe(last)+")") || strings.Contains(d, strconv.Quote(ids[binding.MaxDescribedEntries])) ||
					!strings.Contains(d, strconv.Itoa(len(ids))+" in all") {
					t.Fatalf("%s: %q, want the first %d entries and how many there are", name, d, binding.MaxDescribedEntries)
				}
			}
		}
		if d := schema.Properties["court"].Description; !strings.Contains(d, "Leave it out for no filter") {
			t.Fatalf("the filter's description %q does not say how not to filter", d)
		}
	})
}

// quotedIn returns the JSON strings a text quotes.
func quotedIn(text string) []string {
	var out []string
	for {
		i := strings.IndexByte(text, '"')
		if i < 0 {
			return out
		}
		text = text[i:]
		var s string
		dec := json.NewDecoder(strings.NewReader(text))
		if dec.Decode(&s) != nil {
			text = text[1:]
			continue
		}
		out = append(out, s)
		text = text[dec.InputOffset():]
	}
}
