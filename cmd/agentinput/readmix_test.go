package main

import (
	"bytes"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"agentinput.dev/internal/outcomejson"
)

// mixLines is the size of the mixed inputs the streaming benchmarks read.
const mixLines = 1_000_000

// A mixed input is what a stream of one property's values looks like when
// it comes from people and models rather than from a program: mostly
// canonical values, then the common lenient spellings, some asks (with
// and without readings), absence, lines that are not JSON, and strings
// whose echo needs escaping (quotes, control characters, HTML's <>&,
// U+2028, non-ASCII, invalid UTF-8). Each class has a weight (lines per
// 100); the values within a class vary with a seeded generator, so the
// input is the same on every run.
type mixClass struct {
	weight int
	line   func(r *rand.Rand) string
}

// numberMix is a realistic stream for `read number`.
var numberMix = []mixClass{
	// Canonical JSON numbers: integers, decimals, exponents, negatives.
	{30, func(r *rand.Rand) string { return strconv.Itoa(r.IntN(100_000)) }},
	{10, func(r *rand.Rand) string { return strconv.FormatFloat(float64(r.IntN(1_000_000))/100, 'f', -1, 64) }},
	{3, func(r *rand.Rand) string { return "-" + strconv.Itoa(1+r.IntN(5000)) }},
	{2, func(r *rand.Rand) string {
		return strconv.Itoa(1+r.IntN(9)) + "." + strconv.Itoa(r.IntN(10)) + "e" + strconv.Itoa(r.IntN(12))
	}},
	// A canonical number sent as a string.
	{10, func(r *rand.Rand) string { return `"` + strconv.Itoa(r.IntN(100_000)) + `"` }},
	// Grouped digits: space, thin space, comma and dot groups.
	{5, func(r *rand.Rand) string { return `"` + group(1000+r.IntN(9_000_000), " ") + `"` }},
	{2, func(r *rand.Rand) string { return `"` + group(1_000_000+r.IntN(9_000_000), ",") + `"` }},
	{2, func(r *rand.Rand) string { return `"` + group(1_000_000+r.IntN(9_000_000), ".") + `"` }},
	{1, func(r *rand.Rand) string { return `"` + group(1000+r.IntN(9000), "\u202f") + `"` }},
	// A decimal comma (one, two or four decimals: one meaning).
	{7, func(r *rand.Rand) string {
		return `"` + strconv.Itoa(r.IntN(1000)) + "," + strconv.Itoa(r.IntN(10)) + strconv.Itoa(1+r.IntN(9)) + `"`
	}},
	// Grouping and a decimal comma: two notes.
	{3, func(r *rand.Rand) string {
		return `"` + group(1000+r.IntN(900_000), " ") + "," + strconv.Itoa(10+r.IntN(90)) + `"`
	}},
	// "1,234": two meanings, an ask with readings.
	{4, func(r *rand.Rand) string {
		return `"` + strconv.Itoa(1+r.IntN(999)) + "," + strconv.Itoa(100+r.IntN(900)) + `"`
	}},
	// Surrounding space, a Unicode minus, Arabic-Indic digits.
	{2, func(r *rand.Rand) string { return `" ` + strconv.Itoa(r.IntN(1000)) + ` "` }},
	{1, func(r *rand.Rand) string { return `"−` + strconv.Itoa(1+r.IntN(1000)) + `"` }},
	{1, func(r *rand.Rand) string { return `"٤` + string(rune('٠'+r.IntN(10))) + `"` }},
	// Absence: null and placeholders.
	{2, func(r *rand.Rand) string { return "null" }},
	{2, func(r *rand.Rand) string { return pick(r, `"N/A"`, `""`, `"-"`, `"n/a"`, `"none"`) }},
	// Units, currencies, percentages, words: asks without readings.
	{3, func(r *rand.Rand) string {
		n := strconv.Itoa(1 + r.IntN(500))
		return pick(r, `"`+n+` kg"`, `"$`+n+`"`, `"`+n+`%"`, `"`+n+`k"`, `"about `+n+`"`)
	}},
	// Strings whose echo needs escaping.
	{3, func(r *rand.Rand) string {
		n := strconv.Itoa(r.IntN(100))
		return pick(r,
			`"<b>`+n+`</b> & co"`,               // HTML's <>& (not escaped)
			`"`+n+"\u2028"+`"`,                  // U+2028, escaped on output
			`"`+n+`\u2029"`,                     // U+2029 sent escaped
			`"\"`+n+`\" \\ \t"`,                 // quotes, a backslash, a tab
			`"`+n+`\u0001"`,                     // a control character
			`"naïve ☃ `+n+`"`,                   // non-ASCII letters and a symbol
			`"`+n+"\xff\xfe"+`"`,                // invalid UTF-8: decoded as an ask
			`"`+n+`\ud800"`,                     // half a surrogate pair
			`"ᚠᛇᚻ `+n+` 😀"`,                     // runes of three and four bytes
			`"`+n+` <script>alert(1)</script>"`, // more HTML
		)
	}},
	// Lines that are not JSON: invalid_json asks.
	{2, func(r *rand.Rand) string {
		n := strconv.Itoa(r.IntN(10000))
		return pick(r, "4 000", n+",5", "abc", "'"+n+"'", "<"+n+">")
	}},
	// Another JSON type: wrong_type asks; a number out of range.
	{1, func(r *rand.Rand) string { return pick(r, "true", "[1,2]", `{"n":1}`, "false") }},
	{1, func(r *rand.Rand) string { return "1e" + strconv.Itoa(400+r.IntN(100)) }},
}

// booleanMix is a realistic stream for `read boolean`.
var booleanMix = []mixClass{
	{55, func(r *rand.Rand) string { return pick(r, "true", "false") }},
	{15, func(r *rand.Rand) string {
		return pick(r, `"yes"`, `"no"`, `"ano"`, `"ne"`, `"ja"`, `"Nein"`, `"oui"`, `"y"`)
	}},
	{8, func(r *rand.Rand) string { return pick(r, "1", "0", `"true"`, `"FALSE"`) }},
	{4, func(r *rand.Rand) string { return pick(r, `"TRUE!"`, `"yes."`, `" no "`) }},
	{6, func(r *rand.Rand) string { return pick(r, "null", `"N/A"`, `""`) }},
	{5, func(r *rand.Rand) string {
		return pick(r, `"maybe"`, `"unknown"`, `"2"`, `"<b>yes</b> & no"`, `"ano\u2028"`)
	}},
	{4, func(r *rand.Rand) string { return pick(r, "yes please", "t", "[true]", "\"\xff\"") }},
	{3, func(r *rand.Rand) string { return strconv.Itoa(2 + r.IntN(100)) }},
}

// dateMix is a realistic stream for `read date`.
var dateMix = []mixClass{
	{50, func(r *rand.Rand) string { return `"` + isoDate(r) + `"` }},
	{10, func(r *rand.Rand) string {
		d := day(r)
		return `"` + strconv.Itoa(d.Day()) + ". " + strconv.Itoa(int(d.Month())) + ". " + strconv.Itoa(d.Year()) + `"`
	}},
	{10, func(r *rand.Rand) string {
		return `"` + day(r).Format(pick(r, "Jan 2, 2006", "2 January 2006", "Monday, 2 Jan 2006")) + `"`
	}},
	{5, func(r *rand.Rand) string { return `"` + day(r).Format("2006-01-02") + "T10:00:00Z" + `"` }},
	// Slash dates with a day of 12 or less: two meanings.
	{10, func(r *rand.Rand) string {
		return `"` + strconv.Itoa(1+r.IntN(12)) + "/" + strconv.Itoa(1+r.IntN(12)) + "/" + strconv.Itoa(2000+r.IntN(30)) + `"`
	}},
	{5, func(r *rand.Rand) string { return pick(r, "null", `"N/A"`, `"TBD"`) }},
	{5, func(r *rand.Rand) string {
		return pick(r, `"2026-13-01"`, `"today"`, `"<b>2026</b> & co"`, "20261202", `"2026-02-30\u2028"`, "2026-12-01")
	}},
	{5, func(r *rand.Rand) string {
		return `"` + strconv.Itoa(1+r.IntN(28)) + ". prosince " + strconv.Itoa(2000+r.IntN(30)) + `"`
	}},
}

var mixKinds = []struct {
	kind string
	mix  []mixClass
}{{"number", numberMix}, {"boolean", booleanMix}, {"date", dateMix}}

func day(r *rand.Rand) time.Time {
	return time.Date(1990+r.IntN(50), time.January, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, r.IntN(365))
}

func isoDate(r *rand.Rand) string { return day(r).Format("2006-01-02") }

func pick(r *rand.Rand, s ...string) string { return s[r.IntN(len(s))] }

// group spells n with sep between groups of three digits.
func group(n int, sep string) string {
	s := strconv.Itoa(n)
	var b []byte
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			b = append(b, sep...)
		}
		b = append(b, s[i])
	}
	return string(b)
}

// mixInput returns n lines drawn from mix, the same on every call.
func mixInput(mix []mixClass, n int) []byte {
	total := 0
	for _, c := range mix {
		total += c.weight
	}
	r := rand.New(rand.NewPCG(23, 3))
	var b bytes.Buffer
	for range n {
		w := r.IntN(total)
		for _, c := range mix {
			if w < c.weight {
				b.WriteString(c.line(r))
				break
			}
			w -= c.weight
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

var mixCache sync.Map // kind → []byte

func cachedMix(kind string, mix []mixClass) []byte {
	if b, ok := mixCache.Load(kind); ok {
		return b.([]byte)
	}
	b := mixInput(mix, mixLines)
	mixCache.Store(kind, b)
	return b
}

// BenchmarkReadMixed streams the 1M-line mixed input of each kind through
// `agentinput read KIND`, in process, to io.Discard.
func BenchmarkReadMixed(b *testing.B) {
	for _, k := range mixKinds {
		b.Run(k.kind, func(b *testing.B) {
			data := cachedMix(k.kind, k.mix)
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			cpu := cpuTime()
			for b.Loop() {
				if run([]string{"read", k.kind}, bytes.NewReader(data), io.Discard, io.Discard) != 0 {
					b.Fatal("exit status")
				}
			}
			reportLines(b, mixLines, cpuTime()-cpu)
		})
	}
}

// reportLines reports the wall clock per line, the lines per second, and
// the process's CPU time per line (cpu is the CPU time the loop took).
func reportLines(b *testing.B, lines int, cpu time.Duration) {
	per := float64(b.Elapsed().Nanoseconds()) / float64(b.N) / float64(lines)
	b.ReportMetric(per, "ns/line")
	b.ReportMetric(1e9/per, "values/s")
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N)/float64(lines), "cpu-ns/line")
}

// The output of `read` is byte for byte what encoding/json wrote before
// the encoder was written by hand: the mixed streams of the benchmarks
// (and lines of other kinds), read once with the hand encoder and once
// with the encoding/json reference (outcomejson.Outcome) in its place.
func TestReadOutputIsEncodingJSON(t *testing.T) {
	others := []string{`"<b>&</b>"`, `"\u2028"`, "\"\xff\"", `" x "`, "null", `"N/A"`, "1", `[1,"a"]`, `{"a":1}`, "not json", `""`,
		`"cs-CZ"`, `"CZ"`, `"Czechia"`, `"2026-10-01T10:00:00Z"`, `"yesterday"`, `"a, b, <c>"`, `["x","x"]`, `"aGVsbG8="`, `"deadbeef"`,
		`"0189e7a4-9e6c-7c3a-8a3e-1b2c3d4e5f60"`, `"{0189E7A4-9E6C-7C3A-8A3E-1B2C3D4E5F60}"`, `"/eli/cz/sb/2026/1"`}
	cases := []struct {
		args  []string
		stdin []byte
	}{
		{[]string{"read", "locale"}, nil}, {[]string{"read", "country"}, nil}, {[]string{"read", "timestamp"}, nil},
		{[]string{"read", "stringlist"}, nil}, {[]string{"read", "stringlist", "--item", "number", "--unique"}, nil},
		{[]string{"read", "bytes"}, nil}, {[]string{"read", "uuid"}, nil}, {[]string{"read", "eli"}, nil},
		{[]string{"read", "enum", "--values", "a,b,<c>"}, nil}, {[]string{"read", "number", "--mode", "write", "--required"}, nil},
		{[]string{"read", "number", "--min", "0", "--max", "100", "--clamp"}, nil},
	}
	for i := range cases {
		cases[i].stdin = []byte(strings.Join(others, "\n") + "\n" + string(mixInput(numberMix, 200)) + string(mixInput(dateMix, 200)))
	}
	n := 3000
	if testing.Short() {
		n = 1000
	}
	for _, k := range mixKinds {
		cases = append(cases, struct {
			args  []string
			stdin []byte
		}{[]string{"read", k.kind}, mixInput(k.mix, n)})
	}
	for _, c := range cases {
		hand, _, code := cli(c.args, string(c.stdin))
		if code != 0 {
			t.Fatalf("%q: exit %d", c.args, code)
		}
		appendOutcome = func(b []byte, o *outcome) ([]byte, error) {
			text, err := outcomejson.Outcome(*o)
			return append(b, text...), err
		}
		reference, _, _ := cli(c.args, string(c.stdin))
		appendOutcome = func(b []byte, o *outcome) ([]byte, error) { return o.AppendJSON(b) }
		if hand == reference {
			continue
		}
		h, r := strings.Split(hand, "\n"), strings.Split(reference, "\n")
		for i := range min(len(h), len(r)) {
			if h[i] != r[i] {
				t.Fatalf("%q, line %d:\n hand         %s\n encoding/json %s", c.args, i+1, h[i], r[i])
			}
		}
		t.Fatalf("%q: %d lines, encoding/json's %d", c.args, len(h), len(r))
	}
}

// rowLines is the cycle of the report's read/mixed row
// (bench/internal/report/read.go): six canonical numbers, two quoted, two
// lenient or asks in ten.
var rowLines = []string{`4000`, `12.5`, `-3`, `"4000"`, `1e3`, `"4 000"`, `0.25`, `"12,5"`, `17`, `"abc"`}

// BenchmarkReadRow streams the report's read/mixed input (1M lines) through
// `agentinput read number`, in process, to io.Discard: the row's own work
// without the child process, for profiling.
func BenchmarkReadRow(b *testing.B) {
	var in bytes.Buffer
	for i := range mixLines {
		in.WriteString(rowLines[i%len(rowLines)])
		in.WriteByte('\n')
	}
	data := in.Bytes()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	cpu := cpuTime()
	for b.Loop() {
		if run([]string{"read", "number"}, bytes.NewReader(data), io.Discard, io.Discard) != 0 {
			b.Fatal("exit status")
		}
	}
	reportLines(b, mixLines, cpuTime()-cpu)
}
