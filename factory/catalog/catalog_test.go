package catalog_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	guuid "github.com/google/uuid"
	"pgregory.net/rapid"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory"
	"agentinput.dev/factory/catalog"
	"agentinput.dev/factory/protocol"
	"agentinput.dev/internal/oracle"
	"agentinput.dev/kinds/date"
	"agentinput.dev/kinds/uuid"
	"agentinput.dev/kinds/vocabulary"
)

var (
	prov  = catalog.Provenance{Evidence: catalog.EvidenceRecord, Authority: "the test's register", ContractVersion: "1"}
	notes = catalog.Annotations{Audience: []string{catalog.AudienceAssistant}, Priority: 0.5}
)

type byID struct {
	ID string `json:"id" agentinput:"uuid,required" desc:"The record's id"`
}

type byDay struct {
	Day string `json:"day" agentinput:"date,required" desc:"The day"`
}

// fixture is a catalog of two templates and a prompt whose handlers
// record what they got.
type fixture struct {
	c      *catalog.Catalog
	gotID  []string
	gotDay []string
	gotArg []briefArgs
}

type briefArgs struct {
	Since string `json:"since" agentinput:"date" desc:"From this day on"`
	Count int    `json:"count" agentinput:"min=1,max=10" desc:"How many"`
	Court string `json:"court" agentinput:"vocabulary,of=courts" desc:"The court"`
}

func courts(t testing.TB) *vocabulary.Reader {
	v, err := vocabulary.Load(strings.NewReader(`[{"id": "NS", "names": ["Nejvyšší soud"], "language": "cs", "english": ["Supreme Court"]},
		{"id": "US", "names": ["Ústavní soud"], "language": "cs", "english": ["Constitutional Court"]}]`))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func newFixture(t testing.TB) *fixture {
	f := &fixture{}
	rec, err := catalog.NewTemplate(catalog.TemplateSpec{URITemplate: "record://{id}", Name: "record", Title: "A record", Description: "One record of the register, by its id.",
		MIMEType: "application/json", Annotations: notes, Provenance: prov},
		func(_ context.Context, p byID) (catalog.Body, error) {
			f.gotID = append(f.gotID, p.ID)
			if p.ID == "9b2e7a41-0c55-4d2f-8e1a-2f6f8d7c0b13" {
				return catalog.Body{}, &factory.Failure{Code: agentinput.EnvelopeNotFound, Message: "no record has that id", Hint: "List the records first."}
			}
			return catalog.Body{Text: `{"id":"` + p.ID + `"}`}, nil
		})
	if err != nil {
		t.Fatal(err)
	}
	day, err := catalog.NewTemplate(catalog.TemplateSpec{URITemplate: "agenda://days/{day}/items", Name: "agenda", Title: "A day's agenda", Description: "The agenda of one day, as plain text.",
		MIMEType: "text/plain", Annotations: notes, Provenance: prov},
		func(_ context.Context, p byDay) (catalog.Body, error) {
			f.gotDay = append(f.gotDay, p.Day)
			return catalog.Body{Text: "agenda of " + p.Day}, nil
		})
	if err != nil {
		t.Fatal(err)
	}
	pr, err := catalog.NewPrompt(catalog.PromptSpec{Name: "brief-on-records", Title: "Brief on records", Description: "A briefing on the records since a day.",
		Vocabularies: map[string]*vocabulary.Reader{"courts": courts(t)}},
		func(_ context.Context, a briefArgs, call *catalog.PromptCall) ([]protocol.Message, error) {
			f.gotArg = append(f.gotArg, a)
			b, err := call.Embed("record://0f8fad5b-d9cb-469f-a165-70867728950e")
			if err != nil {
				return nil, err
			}
			return []protocol.Message{{Role: "user", Content: protocol.Text("Brief me.")}, {Role: "user", Content: b}}, nil
		})
	if err != nil {
		t.Fatal(err)
	}
	if f.c, err = catalog.New(catalog.Options{Templates: []*catalog.Template{rec, day}, Prompts: []*catalog.Prompt{pr}}); err != nil {
		t.Fatal(err)
	}
	return f
}

// TestTemplateSpellings: every spelling the uuid and date kinds draw of a
// value, put in the URI (percent-encoded as a client would, or as it is
// where it needs no encoding), reads as the value: the handler gets it,
// and the contents are served under the canonical URI, with a note when
// it differs from the one requested.
func TestTemplateSpellings(t *testing.T) {
	f := newFixture(t)
	ur, _ := uuid.New(uuid.Options{})
	dr, _ := date.New(date.Options{})
	repaired := 0
	rapid.Check(t, func(rt *rapid.T) {
		var uri, canonical, want string
		var got *[]string
		encode := rapid.Bool().Draw(rt, "encode")
		if rapid.Bool().Draw(rt, "uuid") {
			v := guuid.UUID(rapid.SliceOfN(rapid.Byte(), 16, 16).Draw(rt, "bytes"))
			v[6], v[8] = v[6]&0x0f|0x40, v[8]&0x3f|0x80
			s, ok := ur.Spell(oracle.Draws(rt), v).Value.(string)
			if !ok {
				return
			}
			want, canonical, got = v.String(), "record://"+v.String(), &f.gotID
			uri = "record://" + maybeEscape(s, encode)
		} else {
			v := date.Date{Year: rapid.IntRange(1900, 2100).Draw(rt, "y"), Month: rapid.IntRange(1, 12).Draw(rt, "m"), Day: rapid.IntRange(1, 28).Draw(rt, "d")}
			s, ok := dr.Spell(oracle.Draws(rt), v).Value.(string)
			if !ok || strings.Contains(s, "/") && !encode {
				return
			}
			want, canonical, got = v.String(), "agenda://days/"+v.String()+"/items", &f.gotDay
			uri = "agenda://days/" + maybeEscape(s, encode) + "/items"
		}
		if len(uri) > catalog.MaxURIBytes {
			return
		}
		before := len(*got)
		res, e := f.c.Read(context.Background(), uri)
		if e != nil {
			rt.Fatalf("%s: %d %s %+v", uri, e.Code, e.Message, e.Data)
		}
		if len(*got) != before+1 || (*got)[before] != want {
			rt.Fatalf("%s: the handler got %v, want %s", uri, (*got)[before:], want)
		}
		if res.Contents[0].URI != canonical {
			rt.Fatalf("%s: served under %s, want %s", uri, res.Contents[0].URI, canonical)
		}
		if (uri != canonical) != (len(res.Notes) > 0 && res.Notes[0].Code == string(agentinput.NoteCanonicalURI)) {
			rt.Fatalf("%s: notes %v", uri, res.Notes)
		}
		if uri != canonical {
			repaired++
		}
	})
	if repaired == 0 {
		t.Fatal("no spelling other than the canonical URI was read")
	}
	t.Logf("%d reads from another spelling", repaired)
}

func maybeEscape(s string, encode bool) string {
	if encode || strings.ContainsAny(s, "/?%#") {
		return url.PathEscape(s)
	}
	return s
}

// TestTemplateAmbiguous: a spelling the date kind must ask about never
// reaches the handler; the error names the URI, and its issue offers,
// for each reading, the URI of that reading, the value's among them.
func TestTemplateAmbiguous(t *testing.T) {
	f := newFixture(t)
	dr, _ := date.New(date.Options{})
	asked := 0
	rapid.Check(t, func(rt *rapid.T) {
		v := date.Date{Year: rapid.IntRange(1900, 2100).Draw(rt, "y"), Month: rapid.IntRange(1, 12).Draw(rt, "m"), Day: rapid.IntRange(1, 12).Draw(rt, "d")}
		sp, ok := dr.Ambiguous(oracle.Draws(rt), v)
		s, isString := sp.Value.(string)
		if !ok || !isString {
			return
		}
		asked++
		uri := "agenda://days/" + url.PathEscape(s) + "/items"
		before := len(f.gotDay)
		_, e := f.c.Read(context.Background(), uri)
		if e == nil || len(f.gotDay) != before {
			rt.Fatalf("%s was read (guessed): handler got %v", uri, f.gotDay[before:])
		}
		if e.Code != catalog.CodeInvalidParams || e.Data.URI != uri || len(e.Data.Issues) != 1 {
			rt.Fatalf("%s: %d %+v", uri, e.Code, e.Data)
		}
		want := "agenda://days/" + v.String() + "/items"
		if !strings.Contains(e.Data.Issues[0].Hint, want) || !strings.HasPrefix(e.Data.Hint, "Read the URI") {
			rt.Fatalf("%s: the hint %q does not offer %s", uri, e.Data.Issues[0].Hint, want)
		}
	})
	if asked == 0 {
		t.Fatal("no ambiguous spelling was drawn")
	}
}

func TestReadErrors(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	for _, c := range []struct {
		uri  string
		code int
		has  string
	}{
		{"record://nope", catalog.CodeInvalidParams, "record://{id}"},
		{"record://N%2FA", catalog.CodeInvalidParams, "missing_required"},
		{"record://", catalog.CodeInvalidParams, "missing_required"},
		{"record://a/b", catalog.CodeResourceNotFound, "resources/list"},
		{"other://x", catalog.CodeResourceNotFound, "resources/list"},
		{"record://9b2e7a41-0c55-4d2f-8e1a-2f6f8d7c0b13", catalog.CodeResourceNotFound, "List the records first."},
		{"record://" + strings.Repeat("a", catalog.MaxURIBytes), catalog.CodeInvalidParams, "at most"},
	} {
		_, e := f.c.Read(ctx, c.uri)
		if e == nil {
			t.Errorf("%.40s: read", c.uri)
			continue
		}
		data, _ := json.Marshal(e.Data)
		if e.Code != c.code || !strings.Contains(string(data)+e.Message, c.has) || e.Data.Hint == "" {
			t.Errorf("%.40s: %d %s %s", c.uri, e.Code, e.Message, data)
		}
		if e.Code == catalog.CodeResourceNotFound && e.Data.URI != c.uri {
			t.Errorf("%.40s: data.uri %q", c.uri, e.Data.URI)
		}
		if g := oracle.GoError(e.Message + string(data)); g != "" {
			t.Errorf("%.40s: a Go error string: %s", c.uri, g)
		}
	}
}

// TestShapeA: the contents' _meta holds the five keys, sha256 is the
// digest of the bytes served, seal_id changes with them.
func TestShapeA(t *testing.T) {
	f := newFixture(t)
	seals := map[string]bool{}
	for _, id := range []string{"0f8fad5b-d9cb-469f-a165-70867728950e", "7c9e6679-7425-40de-944b-e07fc1f90ae7"} {
		res, e := f.c.Read(context.Background(), "record://"+id)
		if e != nil {
			t.Fatal(e)
		}
		c := res.Contents[0]
		sum := sha256.Sum256([]byte(c.Text))
		if c.Meta[catalog.MetaSHA256] != hex.EncodeToString(sum[:]) || c.Meta[catalog.MetaEvidenceClass] != "record" ||
			c.Meta[catalog.MetaAuthority] != prov.Authority || c.Meta[catalog.MetaContractVersion] != "1" {
			t.Errorf("%s: _meta %v", id, c.Meta)
		}
		seal, _ := c.Meta[catalog.MetaSealID].(string)
		if !strings.HasPrefix(seal, "seal-") || seals[seal] {
			t.Errorf("%s: seal_id %q", id, seal)
		}
		seals[seal] = true
	}
}

func TestPrompt(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	res, e := f.c.Get(ctx, "brief-on-records", map[string]string{"since": "1. 10. 2026", "count": "N/A", "court": "Nejvyššího soudu"})
	if e != nil {
		t.Fatalf("%+v", e)
	}
	if got := f.gotArg[len(f.gotArg)-1]; got != (briefArgs{Since: "2026-10-01", Court: "NS"}) {
		t.Errorf("the handler got %+v", got)
	}
	pre := res.Messages[0].Content.Text
	if !strings.HasPrefix(pre, "Arguments read: ") || !strings.Contains(pre, `"1. 10. 2026"`) || len(res.Messages) != 3 {
		t.Errorf("messages %+v", res.Messages)
	}
	if b := res.Messages[2].Content; b.Type != protocol.BlockResource || b.Meta[catalog.MetaSHA256] == nil || b.Annotations == nil || b.Annotations.Priority != 0.5 {
		t.Errorf("the embedded block %+v", b)
	}
	for _, c := range []struct {
		args map[string]string
		has  []string
	}{
		{map[string]string{"since": "3/4/2026"}, []string{`"2026-04-03"`, `"2026-03-04"`, "Get brief-on-records again with since"}},
		{map[string]string{"count": "11"}, []string{"/count"}},
		{map[string]string{"sinec": "2026-01-01"}, []string{"unknown_property", "since"}},
	} {
		n := len(f.gotArg)
		_, e := f.c.Get(ctx, "brief-on-records", c.args)
		if e == nil || len(f.gotArg) != n {
			t.Errorf("%v: answered", c.args)
			continue
		}
		data, _ := json.Marshal(e.Data)
		for _, h := range c.has {
			if e.Code != catalog.CodeInvalidParams || e.Data.Prompt != "brief-on-records" || !strings.Contains(string(data), h) {
				t.Errorf("%v: %d %s, want %s", c.args, e.Code, data, h)
			}
		}
	}
	if _, e := f.c.Get(ctx, "brief", nil); e == nil || e.Code != catalog.CodeInvalidParams || !strings.Contains(e.Data.Hint, "brief-on-records") {
		t.Errorf("an unknown prompt: %+v", e)
	}
}

// TestPages: a listing pages with the catalog's cursors, each page
// bound to its listing; a first-page spelling reads as none; a cursor
// this server did not issue is asked about.
func TestPages(t *testing.T) {
	var rs []*catalog.Resource
	for i := range 120 {
		r, err := catalog.NewResource(catalog.ResourceSpec{URI: "note://" + strconv.Itoa(i), Name: "note-" + strconv.Itoa(i), Title: "Note " + strconv.Itoa(i),
			Description: "A note of the test's register.", MIMEType: "text/plain", Provenance: prov,
			Annotations: catalog.Annotations{Audience: []string{catalog.AudienceUser}, Priority: 1, LastModified: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}},
			func(context.Context) (catalog.Body, error) { return catalog.Body{Text: "n"}, nil })
		if err != nil {
			t.Fatal(err)
		}
		rs = append(rs, r)
	}
	c, err := catalog.New(catalog.Options{Resources: rs, PageSize: 50})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	var all []string
	cur, pages := "start", 0
	for {
		page, next, e := c.ListResources(ctx, cur)
		if e != nil {
			t.Fatalf("page %d: %+v", pages, e)
		}
		pages++
		for _, d := range page {
			all = append(all, d.URI)
		}
		if next == "" {
			break
		}
		cur = next
	}
	if pages != 3 || len(all) != 120 || all[0] != "note://0" || all[119] != "note://119" {
		t.Errorf("%d pages, %d resources", pages, len(all))
	}
	_, next, _ := c.ListResources(ctx, "")
	for _, bad := range []string{next + "x", "page 2", "eyJwYWdlIjoyfQ"} {
		if _, _, e := c.ListResources(ctx, bad); e == nil || e.Code != catalog.CodeInvalidParams || e.Data.Hint == "" {
			t.Errorf("cursor %q: %+v", bad, e)
		}
	}
	if _, _, e := c.ListPrompts(ctx, next); e == nil {
		t.Error("a resources/list cursor paged prompts/list")
	}
	if _, _, e := c.ListResources(ctx, "first"); e != nil {
		t.Errorf("first: %+v", e)
	}
}

// TestComplete: enum, vocabulary and country parameters complete, at most
// MaxCompletions values; the value a partial spelling reads as comes
// first; other kinds complete to nothing.
func TestComplete(t *testing.T) {
	type args struct {
		Pick    string `json:"pick" agentinput:"enum,values=alpha|beta|gamma" desc:"One of three"`
		Country string `json:"country" agentinput:"country" desc:"A country"`
		Court   string `json:"court" agentinput:"vocabulary,of=courts" desc:"A court"`
		Note    string `json:"note" desc:"Free text"`
	}
	p, err := catalog.NewPrompt(catalog.PromptSpec{Name: "pick-one", Title: "Pick one", Description: "Picks one of the values offered.",
		Vocabularies: map[string]*vocabulary.Reader{"courts": courts(t)}},
		func(context.Context, args, *catalog.PromptCall) ([]protocol.Message, error) { return nil, nil })
	if err != nil {
		t.Fatal(err)
	}
	c, err := catalog.New(catalog.Options{Prompts: []*catalog.Prompt{p}})
	if err != nil {
		t.Fatal(err)
	}
	if !c.Capabilities().Completions || !c.Capabilities().Prompts || c.Capabilities().Resources {
		t.Errorf("capabilities %+v", c.Capabilities())
	}
	ref := catalog.Ref{Type: "ref/prompt", Name: "pick-one"}
	all := c.Complete(ref, "country", "")
	if len(all.Values) != catalog.MaxCompletions || !all.HasMore || all.Total <= catalog.MaxCompletions {
		t.Errorf("country, nothing typed: %d values, total %d, more %v", len(all.Values), all.Total, all.HasMore)
	}
	if got := c.Complete(ref, "country", "Česko"); len(got.Values) == 0 || got.Values[0] != "CZ" {
		t.Errorf("country Česko: %v", got.Values)
	}
	if got := c.Complete(ref, "country", "c"); !slices.Contains(got.Values, "CZ") || slices.Contains(got.Values, "DE") {
		t.Errorf("country c: %v", got.Values)
	}
	if got := c.Complete(ref, "court", "Ústavního soudu"); len(got.Values) == 0 || got.Values[0] != "US" {
		t.Errorf("court: %v", got.Values)
	}
	if got := c.Complete(ref, "pick", "GA"); !slices.Equal(got.Values, []string{"gamma"}) || got.Total != 1 || got.HasMore {
		t.Errorf("enum GA: %+v", got)
	}
	if got := c.Complete(ref, "note", "a"); len(got.Values) != 0 {
		t.Errorf("free text completed: %v", got.Values)
	}
	if got := c.Complete(catalog.Ref{Type: "ref/prompt", Name: "nope"}, "court", ""); got.Values == nil || len(got.Values) != 0 {
		t.Errorf("an unknown prompt: %#v", got)
	}
}

// TestDeclarationMistakes: every mistake at once, one line each.
func TestDeclarationMistakes(t *testing.T) {
	_, err := catalog.NewTemplate(catalog.TemplateSpec{URITemplate: "https://example.com/{id}{x}", Name: "t", Title: "t", Description: "short",
		Annotations: catalog.Annotations{Priority: 0, LastModified: time.Now()}, Provenance: catalog.Provenance{Evidence: "guess"}},
		func(context.Context, byID) (catalog.Body, error) { return catalog.Body{}, nil })
	if err == nil {
		t.Fatal("declared")
	}
	for _, want := range []string{"title", "20–300", "MIME", "Audience", "Priority", "Evidence", "Authority", "ContractVersion", "LastModified", "http or https", "side by side"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("no %q in\n%v", want, err)
		}
	}
	for _, tpl := range []string{"noscheme/{id}", "record://{id", "record://id}", "record://{#id}", "record://{id}/{id}", "record://plain", "record://{?id}/x"} {
		_, err := catalog.NewTemplate(catalog.TemplateSpec{URITemplate: tpl, Name: "r", Title: "R", Description: "A record of the register.", MIMEType: "text/plain", Annotations: notes, Provenance: prov},
			func(context.Context, byID) (catalog.Body, error) { return catalog.Body{}, nil })
		if err == nil {
			t.Errorf("%s: declared", tpl)
		}
	}
	for _, name := range []string{"read_records", "Brief", "brief records", "get-records", "do_it"} {
		_, err := catalog.NewPrompt(catalog.PromptSpec{Name: name, Title: "A prompt", Description: "A prompt for the records."},
			func(context.Context, struct{}, *catalog.PromptCall) ([]protocol.Message, error) { return nil, nil })
		if err == nil {
			t.Errorf("prompt %q: declared", name)
		}
	}
}

// TestBudgetEdges: a URI of MaxURIBytes is matched (and read by the kind,
// which asks about a value too long for it); one byte more is refused
// before matching. MaxPromptArguments arguments are read (an unknown one
// asked about); one more is refused whole.
func TestBudgetEdges(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	at := "record://" + strings.Repeat("a", catalog.MaxURIBytes-len("record://"))
	if _, e := f.c.Read(ctx, at); e == nil || len(e.Data.Issues) != 1 || e.Data.Issues[0].Path != "/id" {
		t.Errorf("a URI of MaxURIBytes: %+v", e)
	}
	if _, e := f.c.Read(ctx, at+"a"); e == nil || len(e.Data.Issues) != 0 || !strings.Contains(e.Message, "longer than") {
		t.Errorf("a URI over MaxURIBytes: %+v", e)
	}
	args := map[string]string{}
	for i := range catalog.MaxPromptArguments - 1 {
		args["x"+strconv.Itoa(i)] = "1"
	}
	args["since"] = "2026-01-01"
	if _, e := f.c.Get(ctx, "brief-on-records", args); e == nil || len(e.Data.Issues) == 0 || e.Data.Issues[0].Code != agentinput.AskUnknownProperty {
		t.Errorf("MaxPromptArguments arguments: %+v", e)
	}
	args["one_more"] = "1"
	if _, e := f.c.Get(ctx, "brief-on-records", args); e == nil || len(e.Data.Issues) != 0 || !strings.Contains(e.Message, "more than") {
		t.Errorf("over MaxPromptArguments: %+v", e)
	}
}
