package report

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/araddon/dateparse"
	guuid "github.com/google/uuid"
	"github.com/spf13/cast"
	"golang.org/x/text/language"

	"agentinput.dev/agentinput"
	"agentinput.dev/kinds/boolean"
	"agentinput.dev/kinds/date"
	"agentinput.dev/kinds/locale"
	"agentinput.dev/kinds/number"
	"agentinput.dev/kinds/timestamp"
	"agentinput.dev/kinds/uuid"
	"agentinput.dev/kinds/vocabulary"
)

// A row is one line of the report: our operation and its anchor, on the
// same input, and the most the ratio ours/anchor may be.
type row struct {
	id     string  // short name, matched by -rows
	what   string  // the input, as the table shows it
	ours   string  // our side, as the table shows it
	anchor string  // the anchor, as the table shows it
	target float64 // the most ours/anchor may be; 0 for none
	source string  // where the target comes from
	build  func(env *env) (ours, anchor side, err error)
	// worker, when set, is the package of the program that measures the
	// row (its anchor is set there with SetAnchor), for a peer whose
	// import alone would change every other row: go-dateparser's init
	// leaves 30 MB of live heap, which makes every collection dearer.
	worker string
}

// env is what the rows that need more than code share: the settings of the
// run and the folder where the read row builds its programs and input.
type env struct {
	lines int    // lines of the read rows' input
	dir   string // a temporary folder for the built binary and the input
}

// Sinks keep the compiler from dropping the work.
var (
	sinkAny   any
	sinkUUID  guuid.UUID
	sinkTag   language.Tag
	sinkFloat float64
	sinkBool  bool
	sinkInt   int
	sinkTime  time.Time
)

// read makes a side of n reads that must each be a value: f reads once and
// returns the outcome's Value(), so that the outcome itself is never
// copied out of the inlined read (copying it is a real share of a small
// read's cost, and a harness that adds copies measures itself). The value
// is kept in a variable of its own type and boxed once a batch: boxing it
// in the loop would add an allocation to every read. A side that stops
// reading what it read fails the row rather than timing an ask.
func read[T any](f func() (T, bool)) side {
	return Loop(func(n int) error {
		var keep T
		for range n {
			v, ok := f()
			if !ok {
				return errors.New("not a value where the row expects one")
			}
			keep = v
		}
		sinkAny = keep
		return nil
	})
}

// ask makes a side of n reads that must each be an ask (a miss): f reads
// once and reports whether the outcome is an ask.
func ask(f func() bool) side {
	return Loop(func(n int) error {
		for range n {
			if !f() {
				return errors.New("not an ask where the row expects one")
			}
		}
		return nil
	})
}

// plain makes a side of n calls of a function that returns an error.
func plain(f func() error) side {
	return Loop(func(n int) error {
		for range n {
			if err := f(); err != nil {
				return err
			}
		}
		return nil
	})
}

func pair(ours, anchor side) func(*env) (side, side, error) {
	return func(*env) (side, side, error) { return ours, anchor, nil }
}

// GoDateparserRow is the row measured by internal/dpsworker.
const GoDateparserRow = "date/english-go-dateparser"

// anchors are anchors that live in another program (SetAnchor).
var anchors = map[string]Loop{}

// SetAnchor sets the anchor of row id, for a worker program that links a
// peer this package must not import.
func SetAnchor(id string, a Loop) { anchors[id] = a }

const (
	isoDate     = "2026-10-01"
	isoDateTime = "2026-10-01T09:00:00Z"
	// English is the input of the English month rows.
	English  = "October 1, 2026"
	uuidText = "4e6a3fac-9262-4826-91f0-e77195e54c58"
)

func parseFloat(s string) error {
	f, err := strconv.ParseFloat(s, 64)
	sinkFloat = f
	return err
}

func parseBool(s string) error {
	b, err := strconv.ParseBool(s)
	sinkBool = b
	return err
}

func timeParse(layout, s string) error {
	t, err := time.Parse(layout, s)
	sinkTime = t
	return err
}

// rows are the report's rows, in the order the table shows them. The
// targets are the issues' (issue 23 and the kinds' own issues, as the
// benchmarks beside the code quote them).
func rows() []row {
	num := number.Options{}
	integer := number.Options{Integer: true}
	var jsonNumber any = json.Number("4000")
	var stringNumber any = "4000"
	var float any = float64(4000)
	var jsonTrue any = true
	var stringTrue any = "true"
	var ten any = "10"
	var iso any = isoDate
	var isoDT any = isoDateTime
	var eng any = English
	var id any = uuidText
	var tag any = "cs-CZ"
	var underscored any = "cs_CZ"
	return []row{
		{id: "number/json", what: "JSON number 4000", ours: "number.Read", anchor: "strconv.ParseFloat",
			target: 1.5, source: "number issue",
			build: pair(read(func() (number.Decimal, bool) { return number.Read(jsonNumber, num).Value() }),
				plain(func() error { return parseFloat("4000") }))},
		{id: "number/string", what: `string "4000"`, ours: "number.Read", anchor: "strconv.ParseFloat",
			target: 3, source: "number issue",
			build: pair(read(func() (number.Decimal, bool) { return number.Read(stringNumber, num).Value() }),
				plain(func() error { return parseFloat("4000") }))},
		{id: "number/float64", what: "float64 4000 (JSON decoded without UseNumber)", ours: "number.Read",
			anchor: "strconv.FormatFloat + ParseFloat", target: 1.5, source: "issue 23 item 5",
			build: pair(read(func() (number.Decimal, bool) { return number.Read(float, num).Value() }),
				plain(func() error { return parseFloat(strconv.FormatFloat(4000, 'g', -1, 64)) }))},
		{id: "boolean/json", what: "JSON true", ours: "boolean.Read", anchor: "strconv.ParseBool",
			target: 2, source: "boolean issue",
			build: pair(read(func() (bool, bool) { return boolean.Read(jsonTrue, boolean.Options{}).Value() }),
				plain(func() error { return parseBool("true") }))},
		{id: "boolean/string", what: `string "true"`, ours: "boolean.Read", anchor: "strconv.ParseBool",
			target: 4, source: "issue 23 item 5",
			build: pair(read(func() (bool, bool) { return boolean.Read(stringTrue, boolean.Options{}).Value() }),
				plain(func() error { return parseBool("true") }))},
		{id: "date/iso", what: `"` + isoDate + `"`, ours: "date.Read", anchor: "time.Parse(DateOnly)",
			build: pair(read(func() (date.Date, bool) { return date.Read(iso, date.Options{}).Value() }),
				plain(func() error { return timeParse(time.DateOnly, isoDate) }))},
		{id: "date/iso-dateparse", what: `"` + isoDate + `"`, ours: "date.Read", anchor: "dateparse.ParseAny",
			target: 1.0 / 3, source: "date issue (3× faster)",
			build: pair(read(func() (date.Date, bool) { return date.Read(iso, date.Options{}).Value() }),
				plain(func() error { t, err := dateparse.ParseAny(isoDate); sinkTime = t; return err }))},
		{id: "date/datetime", what: `"` + isoDateTime + `"`, ours: "date.Read", anchor: "time.Parse(RFC3339)",
			target: 2, source: "issue 23 item 5",
			build: pair(read(func() (date.Date, bool) { return date.Read(isoDT, date.Options{}).Value() }),
				plain(func() error { return timeParse(time.RFC3339, isoDateTime) }))},
		{id: "date/datetime-dateparse", what: `"` + isoDateTime + `"`, ours: "date.Read", anchor: "dateparse.ParseAny",
			build: pair(read(func() (date.Date, bool) { return date.Read(isoDT, date.Options{}).Value() }),
				plain(func() error { t, err := dateparse.ParseAny(isoDateTime); sinkTime = t; return err }))},
		{id: "timestamp/canonical", what: `"` + isoDateTime + `"`, ours: "timestamp Reader.Read",
			anchor: "time.Parse(RFC3339)", target: 1.2, source: "timestamp issue",
			build: func(*env) (side, side, error) {
				r, err := timestamp.New(timestamp.Options{})
				if err != nil {
					return nil, nil, err
				}
				return read(func() (time.Time, bool) { return r.Read(isoDT).Value() }),
					plain(func() error { return timeParse(time.RFC3339, isoDateTime) }), nil
			}},
		{id: "date/english-dateparse", what: `"` + English + `"`, ours: "date.Read", anchor: "dateparse.ParseAny",
			target: 1.0 / 3, source: "date issue (3× faster)",
			build: pair(read(func() (date.Date, bool) { return date.Read(eng, date.Options{}).Value() }),
				plain(func() error { t, err := dateparse.ParseAny(English); sinkTime = t; return err }))},
		{id: GoDateparserRow, what: `"` + English + `"`, ours: "date.Read", anchor: "go-dateparser Parse",
			target: 0.01, source: "date issue (100× faster)", worker: "agentinput.dev/bench/internal/dpsworker",
			build: func(*env) (side, side, error) {
				a, ok := anchors[GoDateparserRow]
				if !ok {
					return nil, nil, errors.New("the go-dateparser anchor is measured by internal/dpsworker, which sets it")
				}
				return read(func() (date.Date, bool) { return date.Read(eng, date.Options{}).Value() }), a, nil
			}},
		{id: "uuid/canonical", what: "canonical UUID", ours: "uuid.Read", anchor: "google/uuid.Parse",
			target: 1.3, source: "uuid issue",
			build: pair(read(func() (uuid.UUID, bool) { return uuid.Read(id, uuid.Options{}).Value() }),
				plain(func() error { u, err := guuid.Parse(uuidText); sinkUUID = u; return err }))},
		{id: "locale/canonical", what: `"cs-CZ"`, ours: "locale.Read", anchor: "language.Parse",
			build: pair(read(func() (language.Tag, bool) { return locale.Read(tag, locale.Options{}).Value() }),
				plain(func() error { t, err := language.Parse("cs-CZ"); sinkTag = t; return err }))},
		{id: "locale/underscore", what: `"cs_CZ" (anchor: "cs-CZ")`, ours: "locale.Read", anchor: "language.Parse",
			build: pair(read(func() (language.Tag, bool) { return locale.Read(underscored, locale.Options{}).Value() }),
				plain(func() error { t, err := language.Parse("cs-CZ"); sinkTag = t; return err }))},
		{id: "locale/linear", what: "a sentence of 16n bytes vs n (n = 62; 16n fits the 1,024-byte cap)",
			ours: "locale.Read at 16n", anchor: "locale.Read at n", target: 24, source: "issue 23 item 1",
			build: func(*env) (side, side, error) {
				var long, short any = sentence(16 * 62), sentence(62)
				return ask(func() bool { return locale.Read(long, locale.Options{}).Status() == agentinput.StatusAsk }),
					ask(func() bool { return locale.Read(short, locale.Options{}).Status() == agentinput.StatusAsk }), nil
			}},
		{id: "vocabulary/miss", what: "a near miss, 100,000 entries vs 100", ours: "Reader.Read, 100,000 entries",
			anchor: "Reader.Read, 100 entries", target: 1.2, source: "issue 23 item 4",
			build: func(*env) (side, side, error) {
				big, err := vocabulary.New(vocabulary.Options{Entries: synthetic(100_000)})
				if err != nil {
					return nil, nil, err
				}
				small, err := vocabulary.New(vocabulary.Options{Entries: synthetic(100)})
				if err != nil {
					return nil, nil, err
				}
				var bigMiss, smallMiss any = "okresni soud " + word(50_000) + "x", "okresni soud " + word(50) + "x"
				return ask(func() bool { return big.Read(bigMiss).Status() == agentinput.StatusAsk }),
					ask(func() bool { return small.Read(smallMiss).Status() == agentinput.StatusAsk }), nil
			}},
		{id: "cast/int", what: `string "10"`, ours: "number.Read (integer)", anchor: "cast.ToIntE",
			build: pair(read(func() (number.Decimal, bool) { return number.Read(ten, integer).Value() }),
				plain(func() error { i, err := cast.ToIntE("10"); sinkInt = i; return err }))},
		{id: "cast/float64", what: `string "4000"`, ours: "number.Read", anchor: "cast.ToFloat64E",
			build: pair(read(func() (number.Decimal, bool) { return number.Read(stringNumber, num).Value() }),
				plain(func() error { f, err := cast.ToFloat64E("4000"); sinkFloat = f; return err }))},
		{id: "cast/bool", what: `string "true"`, ours: "boolean.Read", anchor: "cast.ToBoolE",
			build: pair(read(func() (bool, bool) { return boolean.Read(stringTrue, boolean.Options{}).Value() }),
				plain(func() error { b, err := cast.ToBoolE("true"); sinkBool = b; return err }))},
		factoryRow("factory/canonical", "canonical arguments", canonicalArgs, 1.3),
		factoryRow("factory/lenient", "lenient arguments", lenientArgs, 2),
		readRow(),
		mcpRow(),
	}
}

// sentence returns English words, joined by spaces, cut to n bytes: the
// locale kind's worst class (many words, each a candidate name).
func sentence(n int) string {
	const words = "please send me the page in the language of the people who live in the north of the country "
	s := strings.Repeat(words, n/len(words)+1)[:n]
	return strings.TrimSpace(s) + "x"
}

// word spells i in letters: a word only entry i carries (as
// kinds/vocabulary's benchmark does).
func word(i int) string {
	b := []byte("w")
	for {
		b = append(b, byte('a'+i%26))
		i /= 26
		if i == 0 {
			return string(b)
		}
	}
}

// synthetic returns n entries that share most of their words, as a
// register of district courts does (kinds/vocabulary's benchmark data).
func synthetic(n int) []vocabulary.Entry {
	entries := make([]vocabulary.Entry, n)
	for i := range entries {
		w := word(i)
		entries[i] = vocabulary.Entry{
			ID:            "D" + strconv.Itoa(i),
			Names:         []string{"Okresní soud " + w},
			Abbreviations: []string{"OS " + w},
			English:       []string{"District Court " + w},
		}
	}
	return entries
}
