package cursor

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"agentinput.dev/agentinput"
)

var (
	key1 = []byte("0123456789abcdef-key-one")
	key2 = []byte("fedcba9876543210-key-two")
	t0   = time.Date(2026, 10, 1, 12, 0, 0, 0, time.UTC)
)

// clock is a settable clock for a Reader.
type clock struct{ now time.Time }

func (c *clock) Now() time.Time { return c.now }

func newReader(t testing.TB, clk *clock, keys ...[]byte) *Reader {
	t.Helper()
	c, err := New(Options{Keys: keys, TTL: time.Hour, Now: clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestRoundTrip(t *testing.T) {
	clk := &clock{t0}
	c := newReader(t, clk, key1)
	p := Position{Offset: 40, PageSize: 20, Session: "s-1", Filters: `{"court":"NS"}`}
	token := c.Encode(p)
	if !strings.HasPrefix(token, Prefix) || !InClass(token) {
		t.Fatalf("token %q is not in the class", token)
	}
	got, err := c.Decode(token, "s-1", `{"court":"NS"}`)
	p.Issued = t0
	if err != nil || got != p {
		t.Fatalf("Decode = %+v, %v; want %+v", got, err, p)
	}
	o := c.Read(token, "s-1", `{"court":"NS"}`)
	if v, ok := o.Value(); !ok || v != p || o.NoteCount() != 0 {
		t.Fatalf("Read = %+v", o)
	}
	// Trimmed: a value with a note.
	o = c.Read(` "`+token+`" `, "s-1", `{"court":"NS"}`)
	if v, ok := o.Value(); !ok || v != p || o.NoteCount() != 1 || o.Notes()[0].Code != agentinput.NoteTrimmed {
		t.Fatalf("Read of a quoted token = %+v", o)
	}
}

// Every failure of a token inside the class is one ask, invalid_cursor,
// whose hint names the restart; Decode says which failure it was.
func TestFailures(t *testing.T) {
	clk := &clock{t0}
	c := newReader(t, clk, key1)
	other := newReader(t, clk, key2)
	token := c.Encode(Position{Offset: 10, PageSize: 10, Session: "s", Filters: "f"})
	tests := []struct {
		name            string
		token           string
		session, filter string
		at              time.Time
		want            error
	}{
		{"foreign session", token, "s2", "f", t0, ErrSession},
		{"other filters", token, "s", "g", t0, ErrFilters},
		{"expired", token, "s", "f", t0.Add(time.Hour + time.Second), ErrExpired},
		{"from the future", token, "s", "f", t0.Add(-2 * time.Minute), ErrFuture},
		{"another server's key", other.Encode(Position{Session: "s", Filters: "f"}), "s", "f", t0, ErrForged},
		{"truncated", token[:len(token)-4], "s", "f", t0, ErrForged},
		{"truncated to the prefix", Prefix, "s", "f", t0, ErrMalformed},
		{"one character changed", token[:10] + flip(token[10]) + token[11:], "s", "f", t0, ErrForged},
		{"padding", token + "==", "s", "f", t0, ErrMalformed},
		{"standard alphabet", strings.NewReplacer("-", "+", "_", "/").Replace(token[:3]) + strings.NewReplacer("-", "+", "_", "/").Replace(token[3:]), "s", "f", t0, nil},
		{"invented", "c1_start", "s", "f", t0, ErrMalformed},
		{"wrapped in text", "cursor=" + token, "s", "f", t0, ErrMalformed},
		{"too long", token + strings.Repeat("A", 100), "s", "f", t0, ErrMalformed},
	}
	for _, tt := range tests {
		clk.now = tt.at
		_, err := c.Decode(tt.token, tt.session, tt.filter)
		if tt.want != nil && !errors.Is(err, tt.want) {
			t.Errorf("%s: Decode error %v, want %v", tt.name, err, tt.want)
		}
		if tt.want == nil && err == nil && strings.ContainsAny(tt.token, "+/") {
			t.Errorf("%s: a token in the standard alphabet decoded", tt.name)
		}
		o := c.Read(tt.token, tt.session, tt.filter)
		a, ok := o.Ask()
		if tt.want == nil && err != nil || tt.want != nil {
			if !ok || a.Code != agentinput.AskInvalidCursor || a.Hint != Hint || len(a.Readings) != 0 {
				t.Errorf("%s: Read = %+v, want invalid_cursor", tt.name, o)
			}
			if !strings.Contains(a.Message(), "without cursor to start from the first page") {
				t.Errorf("%s: message %q does not name the restart", tt.name, a.Message())
			}
		}
	}
}

func flip(b byte) string {
	if b == 'A' {
		return "B"
	}
	return "A"
}

// Rotation: the first key signs, every key verifies; a key taken out of
// the list no longer verifies.
func TestRotation(t *testing.T) {
	clk := &clock{t0}
	old := newReader(t, clk, key1)
	rotated := newReader(t, clk, key2, key1)
	done := newReader(t, clk, key2)
	oldToken := old.Encode(Position{Offset: 5, PageSize: 5})
	newToken := rotated.Encode(Position{Offset: 5, PageSize: 5})
	if _, err := rotated.Decode(oldToken, "", ""); err != nil {
		t.Errorf("an old token during the window: %v", err)
	}
	if _, err := done.Decode(newToken, "", ""); err != nil {
		t.Errorf("a token signed with the new key: %v", err)
	}
	if _, err := done.Decode(oldToken, "", ""); !errors.Is(err, ErrForged) {
		t.Errorf("an old token after the window: %v, want ErrForged", err)
	}
	if _, err := old.Decode(newToken, "", ""); !errors.Is(err, ErrForged) {
		t.Errorf("a new token under the old key alone: %v, want ErrForged", err)
	}
}

// Outside the class, the first-call class (firstcall.go) is no cursor, a
// placeholder with a note, never an ask; anything else that names no
// later page is a cursor this server never issued: the ask invalid_cursor
// with HintLaterPage, with or without a key.
func TestOutsideClass(t *testing.T) {
	c := newReader(t, &clock{t0}, key1)
	for _, v := range []any{
		" ", "0", "1", "start", "first", "begin", "null", "page1", "__start__", "initial", "reset",
		"page=1", "page 0", "offset:0", "FIRST_PAGE", "none yet", "cursor", "<start>", "undefined",
		json.Number("0"), json.Number("1"), json.Number("1.0"), 1.0, 0, int64(1), false, []any{},
		map[string]any{},
	} {
		for _, codec := range []*Reader{c, nil} {
			o := codec.Read(v, "s", "f")
			if o.Status() != agentinput.StatusAbsent || !o.IsPlaceholder() || o.NoteCount() != 1 {
				b, _ := o.MarshalJSON()
				t.Errorf("%#v: %s, want a placeholder with a note", v, b)
			}
		}
	}
	for _, v := range []any{
		"eyJwYWdlIjoyfQ", "MQ==", "c1", "c", "c_1", "v2:abc", true, json.Number("-2"), json.Number("1.5"),
		-3, 2.5, map[string]any{"page": json.Number("1")}, map[string]any{"page": json.Number("2")},
		[]any{json.Number("2")}, "page 1.5", "page -2", strings.Repeat("x", 63),
	} {
		for _, codec := range []*Reader{c, nil} {
			o := codec.Read(v, "s", "f")
			if a, ok := o.Ask(); !ok || a.Code != agentinput.AskInvalidCursor || a.Hint != HintLaterPage || a.Reason != reasonNotIssued {
				b, _ := o.MarshalJSON()
				t.Errorf("%#v: %s, want the ask about a cursor never issued", v, b)
			}
		}
	}
	if o := c.Read(nil, "s", "f"); o.Status() != agentinput.StatusAbsent || o.NoteCount() != 0 {
		t.Errorf("null: %+v", o)
	}
}

// Outside the class, a spelling that names a page past the first is the
// ask invalid_cursor, with or without a key, whatever Go type carries a
// number: its reason says it names a later page and its hint names both
// ways on.
func TestLaterPage(t *testing.T) {
	c := newReader(t, &clock{t0}, key1)
	for _, v := range []any{
		"page2", "next", "offset=20", "2", " 'page 2' ", json.Number("2"), json.Number("2.0"), json.Number("1e3"),
		2, 2.0, float32(3), int64(20), uint8(2), 1e21,
	} {
		for _, codec := range []*Reader{c, nil} {
			o := codec.Read(v, "s", "f")
			a, ok := o.Ask()
			if !ok || a.Code != agentinput.AskInvalidCursor || a.Hint != HintLaterPage || a.Expected != Expected ||
				len(a.Readings) != 0 {
				b, _ := o.MarshalJSON()
				t.Errorf("%#v: %s, want invalid_cursor with HintLaterPage", v, b)
				continue
			}
			m := a.Message()
			for _, want := range []string{"names a page past the first", "next_cursor", "without cursor to start from the first page"} {
				if !strings.Contains(m, want) {
					t.Errorf("%#v: message %q does not say %q", v, m, want)
				}
			}
		}
	}
	a, _ := c.Read("page2", "s", "f").Ask()
	const want = `Could not read "page2": it names a page past the first, and only the next_cursor that the page before it returned reaches one. ` +
		`Expected a cursor exactly as the previous page returned it (a string that starts with "c1_"), or no cursor for the first page. ` +
		`Send the next_cursor of the previous page exactly as it was returned, or call again without cursor to start from the first page.`
	if m := a.Message(); m != want {
		t.Errorf("message\n%s\nwant\n%s", m, want)
	}
}

// Inside the class without a key: invalid_cursor, never absent.
func TestNilCodec(t *testing.T) {
	var c *Reader
	token := newReader(t, &clock{t0}, key1).Encode(Position{})
	for _, v := range []any{token, "c1_x", "C1_abc", "cursor: c1_abc", "c0_" + strings.Repeat("A", 30),
		strings.Repeat("Ab9_-", 13), map[string]any{"cursor": token}} {
		a, ok := c.Read(v, "", "").Ask()
		if !ok || a.Code != agentinput.AskInvalidCursor {
			t.Errorf("%v: want invalid_cursor", v)
		}
	}
}

func TestBudget(t *testing.T) {
	c := newReader(t, &clock{t0}, key1)
	a, ok := c.Read(Prefix+strings.Repeat("A", 1<<20), "", "").Ask()
	if !ok || a.Code != agentinput.AskTooLarge || len(a.Received) > 100 {
		t.Errorf("1 MiB: %+v", a)
	}
	if a, ok := c.Read("c1_\xff\xfe", "", "").Ask(); !ok || a.Code != agentinput.AskInvalidCursor {
		t.Errorf("invalid UTF-8: %+v", a)
	}
}

func TestNewErrors(t *testing.T) {
	for _, opts := range []Options{
		{},
		{Keys: [][]byte{[]byte("short")}},
		{Keys: [][]byte{key1, []byte("short")}},
		{Keys: [][]byte{key1}, TTL: -time.Second},
	} {
		if _, err := New(opts); err == nil {
			t.Errorf("New(%+v) accepted", opts)
		}
	}
	c, err := New(Options{Keys: [][]byte{key1}})
	if err != nil || c.TTL() != DefaultTTL {
		t.Errorf("defaults: %v, %v", c, err)
	}
}

func TestEncodePanicsOnProgramMistakes(t *testing.T) {
	c := newReader(t, &clock{t0}, key1)
	for _, p := range []Position{{Offset: -1}, {PageSize: -1}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Encode(%+v) did not panic", p)
				}
			}()
			c.Encode(p)
		}()
	}
}
