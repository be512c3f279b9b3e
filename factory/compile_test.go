package factory_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"golang.org/x/text/language"

	"agentinput.dev/factory"
	"agentinput.dev/factory/observe"
	"agentinput.dev/kinds/bytes"
	"agentinput.dev/kinds/cursor"
	"agentinput.dev/kinds/date"
	"agentinput.dev/kinds/eli"
	"agentinput.dev/kinds/number"
	"agentinput.dev/kinds/uuid"
	"agentinput.dev/kinds/vocabulary"
)

// everyKind holds a property of every kind of the table, with options
// that reach the schema (bounds, an admitted set, declared values with a
// quote, a vocabulary's ids).
type everyKind struct {
	N  number.Decimal  `json:"n" agentinput:"min=-5,max=5.5" desc:"A number."`
	I  int             `json:"i" agentinput:"integer,min=1,max=9" desc:"A count."`
	B  bool            `json:"b" desc:"A flag."`
	D  date.Date       `json:"d" agentinput:"bound=from" desc:"A day."`
	E  eli.ELI         `json:"e" desc:"An act."`
	L  language.Tag    `json:"l" desc:"A language."`
	C  string          `json:"c" agentinput:"country,admit=CZ|SK" desc:"A country."`
	V  string          `json:"v" agentinput:"vocabulary,of=places" desc:"A place."`
	F  string          `json:"f" agentinput:"filter,of=places" desc:"Only items of this place."`
	FC string          `json:"fc" agentinput:"filter,over=country" desc:"Only items of this country."`
	P  cursor.Position `json:"cursor" desc:"The next page."`
	U  uuid.UUID       `json:"u" desc:"An item."`
	En string          `json:"en" agentinput:"enum,values=a|b\"c|ž" desc:"A choice."`
	By bytes.Bytes     `json:"by" agentinput:"max=64" desc:"Some content."`
	T  time.Time       `json:"t" desc:"A moment."`
	S  []string        `json:"s" agentinput:"item=date" desc:"Some days."`
	Tx string          `json:"tx" desc:"Some words."`
	O  struct {
		X int `json:"x" desc:"A count inside."`
	} `json:"o" desc:"A part."`
	M map[string]int  `json:"m" desc:"Some counts."`
	J json.RawMessage `json:"j" desc:"Anything."`
}

// TestGeneratedSchemasCompile: New compiles a tool's schema when its first
// call validates, not at declaration, which holds only because every
// schema New generates compiles: a tool over every kind, called once,
// validates its arguments (a schema that did not compile would answer
// schema_violation at the root).
func TestGeneratedSchemasCompile(t *testing.T) {
	v, err := vocabulary.New(vocabulary.Options{Entries: []vocabulary.Entry{
		{ID: "P1", Names: []string{"Praha"}}, {ID: "P2", Names: []string{"Brno \"střed\""}}}})
	if err != nil {
		t.Fatal(err)
	}
	cursors, err := cursor.New(cursor.Options{Keys: [][]byte{[]byte("0123456789abcdef0123456789abcdef")}})
	if err != nil {
		t.Fatal(err)
	}
	ran := false
	tool, err := factory.New(factory.Spec{Name: "read_everything", Title: "Everything", Intent: factory.IntentRead, Observer: observe.None{},
		Description:  "Reads a value of every kind. Use when a test needs a tool over every kind.",
		Vocabularies: map[string]*vocabulary.Reader{"places": v}, Cursors: cursors},
		func(context.Context, everyKind, *factory.Call) (struct{}, error) { ran = true; return struct{}{}, nil })
	if err != nil {
		t.Fatal(err)
	}
	res := tool.Call(context.Background(), json.RawMessage(`{"n":"1,5","i":"3","d":"1. 10. 2026","c":"cz","v":"P1","en":"ž"}`))
	if res.Envelope != nil {
		t.Fatalf("envelope: %+v", res.Envelope)
	}
	if !ran {
		t.Fatal("the handler did not run")
	}
}
