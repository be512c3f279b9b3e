// Package a is code that is not an owner: every use of a guarded primitive
// is reported, unless an allow comment with a reason exempts it.
package a

import (
	"encoding/json"
	"strconv"
	conv "strconv"
	"time"

	"github.com/google/uuid"
	"golang.org/x/text/language"
	"lookalike"
)

// Calls of each kind's primitives.
func calls(s string, n json.Number) {
	strconv.ParseFloat(s, 64)                   // want `^strconv.ParseFloat parses a number: only agentinput.dev/kinds/number may; call number.Read or number.Parse$`
	strconv.Atoi(s)                             // want `strconv.Atoi parses a number`
	strconv.ParseComplex(s, 128)                // want `strconv.ParseComplex parses a number`
	strconv.ParseBool(s)                        // want `^strconv.ParseBool parses a boolean: only agentinput.dev/kinds/boolean may; call boolean.Read or boolean.Parse$`
	n.Float64()                                 // want `^json.Number.Float64 parses a number`
	n.Int64()                                   // want `json.Number.Int64 parses a number`
	time.Parse(time.DateOnly, s)                // want `^time.Parse parses a date or a timestamp: only agentinput.dev/kinds/date or agentinput.dev/kinds/timestamp may; call date.Read or date.Parse, or timestamp.New or timestamp.Parse$`
	time.ParseInLocation(time.DateOnly, s, nil) // want `time.ParseInLocation parses a date`
	uuid.Parse(s)                               // want `^github.com/google/uuid.Parse parses a uuid: only agentinput.dev/kinds/uuid may; call agentinput.dev/kinds/uuid.Read or agentinput.dev/kinds/uuid.Parse$`
	language.Parse(s)                           // want `^language.Parse parses a locale: only agentinput.dev/kinds/locale may; call locale.Read or locale.Parse$`
	language.Raw.Parse(s)                       // want `language.CanonType.Parse parses a locale`
	language.ParseRegion(s)                     // want `^language.ParseRegion parses a locale or a country: only agentinput.dev/kinds/locale or agentinput.dev/kinds/country may; call locale.Read or locale.Parse, or country.Read or country.Parse$`
	conv.ParseUint(s, 10, 64)                   // want `strconv.ParseUint parses a number`

	var t time.Time
	t.UnmarshalText([]byte(s)) // want `time.Time.UnmarshalText parses a date`
	var u uuid.UUID
	u.UnmarshalText([]byte(s)) // want `^github.com/google/uuid.UUID.UnmarshalText parses a uuid: only agentinput.dev/kinds/uuid may; call agentinput.dev/kinds/uuid.Read or agentinput.dev/kinds/uuid.Parse$`
}

// Functions used as values are uses too: whoever calls the value parses.
func values() {
	f := strconv.ParseFloat // want `strconv.ParseFloat parses a number`
	_ = f
	apply(strconv.ParseBool) // want `strconv.ParseBool parses a boolean`
	var n json.Number
	g := n.Int64             // want `json.Number.Int64 parses a number`
	h := json.Number.Float64 // want `json.Number.Float64 parses a number`
	var parsers = map[string]func(string) (uuid.UUID, error){
		"uuid": uuid.Parse, // want `uuid.Parse parses a uuid`
	}
	_, _, _ = g, h, parsers
}

func apply(func(string) (bool, error)) {}

// A promoted method is the primitive itself.
type wrapped struct{ json.Number }

type alias = json.Number

func promoted(w wrapped, a alias) {
	w.Float64()             // want `json.Number.Float64 parses a number`
	a.Int64()               // want `json.Number.Int64 parses a number`
	defer strconv.Atoi("1") // want `strconv.Atoi parses a number`
}

// Not primitives: look-alike names in other packages, and functions of the
// guarded packages that read no spelling.
func notPrimitives(s string) {
	lookalike.Parse(s)
	lookalike.ParseFloat(s, 64)
	lookalike.ParseBool(s)
	lookalike.Number(s).Float64()
	f := lookalike.ParseFloat
	_ = f
	strconv.FormatFloat(1, 'f', -1, 64)
	strconv.Quote(s)
	time.ParseDuration(s) // a duration is not a date
	uuid.New()
	uuid.FromBytes([]byte(s))
	language.Compose()
	_ = json.Number(s).String()
}

// A local function that shadows a guarded name is not the primitive.
func shadow(s string) {
	ParseFloat := func(string, int) (float64, error) { return 0, nil }
	ParseFloat(s, 64)
}

// Allow comments.
func allowed(s string) {
	//agentinput:allow number the export format spells counts in ASCII digits
	strconv.Atoi(s)

	strconv.Atoi(s) //agentinput:allow number trailing allow, same line

	//agentinput:allow locale ParseRegion is guarded for locale and country; either kind's allow exempts it
	language.ParseRegion(s)

	// want +1 `//agentinput:allow number needs a reason: say why this code parses a number itself instead of calling number`
	//agentinput:allow number
	strconv.Atoi(s) // want `strconv.Atoi parses a number`

	// An allow names the kind of the primitive; another kind's allow exempts nothing.
	// want +1 `//agentinput:allow boolean exempts nothing`
	//agentinput:allow boolean the wrong kind
	strconv.Atoi(s) // want `strconv.Atoi parses a number`

	// want +1 `there is no kind "nummber"; the kinds are number, boolean`
	//agentinput:allow nummber a misspelt kind
	strconv.Atoi(s) // want `strconv.Atoi parses a number`

	// want +1 `//agentinput:allow names no kind`
	//agentinput:allow
	strconv.ParseBool(s) // want `strconv.ParseBool parses a boolean`

	// An allow covers its own line and the next, no further.
	// want +1 `//agentinput:allow number exempts nothing`
	//agentinput:allow number too far away

	strconv.Atoi(s) // want `strconv.Atoi parses a number`

	//agentinput:allowed is another directive, not an allow
	_ = s
}
