package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	agentmcp "agentinput.dev/factory/mcp"
)

// courtSpellings are the spellings of the demonstration's courts people
// write (issue 32, item 2): Czech, Slovak and German names in their cases,
// English names with their country, a name with another spelling of the
// same court, each with the court it is.
var courtSpellings = []struct{ spelling, court string }{
	// Czech, inflected.
	{"Krajského soudu v Praze", "KS-PRAHA"},
	{"Krajským soudem v Brně", "KS-BRNO"},
	{"krajskemu soudu v brne", "KS-BRNO"},
	{"Ústavním soudem", "US"},
	{"Ústavního soudu", "US"},
	{"Nejvyššího soudu", "NS"},
	{"Nejvyšším soudem", "NS"},
	{"Nejvyšším správním soudem", "NSS"},
	{"Nejvyššího správního soudu", "NSS"},
	{"Nejvyššímu správnímu soudu", "NSS"},
	// Slovak, as declared and inflected.
	{"Najvyšší súd", "NS"},
	{"Najvyššieho súdu", "NS"},
	{"Najvyšším správnym súdom", "NSS"},
	{"Ústavný súd", "US"},
	{"Ústavného súdu", "US"},
	{"Krajského súdu v Brne", "KS-BRNO"},
	// German, as declared and inflected, after an article.
	{"Kreisgericht Brünn", "KS-BRNO"},
	{"des Kreisgerichts Brünn", "KS-BRNO"},
	{"Kreisgericht Prag", "KS-PRAHA"},
	{"Oberster Gerichtshof", "NS"},
	{"des Obersten Gerichtshofs", "NS"},
	{"dem Obersten Gerichtshof", "NS"},
	{"Verfassungsgericht", "US"},
	{"des Verfassungsgerichtes", "US"},
	{"Oberstes Verwaltungsgericht", "NSS"},
	{"des Obersten Verwaltungsgerichts", "NSS"},
	// English, with a country qualifier.
	{"Supreme Court", "NS"},
	{"Supreme Court of the Czech Republic", "NS"},
	{"Constitutional Court (Czechia)", "US"},
	// Two spellings of the same court side by side.
	{"Supreme Court (NS)", "NS"},
	{"NS – Nejvyšší soud", "NS"},
	{"Oberste Gerichtshof (Nejvyšší soud)", "NS"},
	{"Nejvyšší soud / Supreme Court", "NS"},
	{"KS Brno (Krajský soud v Brně)", "KS-BRNO"},
}

// Through MCP with the go-sdk client, against the demonstration server:
// every spelling above filters read_decisions by its court, exactly as the
// court's id does (the same total, every decision of that court, no
// warning); a spelling whose parts name two courts is dropped naming both;
// one within reach of one court is asked about; a court of another
// country is never offered.
func TestCourtSpellingsOverMCP(t *testing.T) {
	server, err := demoServer(true, quietDemo(t))
	if err != nil {
		t.Fatal(err)
	}
	st, ct := sdk.NewInMemoryTransports()
	if _, err := server.Connect(context.Background(), st, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "v0"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	type page struct {
		Value struct {
			Decisions []struct{ Court string } `json:"decisions"`
			Total     int                      `json:"total"`
		} `json:"value"`
	}
	call := func(court string) (*sdk.CallToolResult, page) {
		t.Helper()
		res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "read_decisions",
			Arguments: map[string]any{"court": court, "limit": 50}})
		if err != nil {
			t.Fatalf("%q: %v", court, err)
		}
		var p page
		if !res.IsError {
			b, _ := json.Marshal(res.StructuredContent)
			if err := json.Unmarshal(b, &p); err != nil {
				t.Fatalf("%q: %v", court, err)
			}
		}
		return res, p
	}
	totals := map[string]int{}
	for _, c := range courtSpellings {
		if _, ok := totals[c.court]; !ok {
			_, p := call(c.court)
			totals[c.court] = p.Value.Total
		}
		res, p := call(c.spelling)
		text := callText(res)
		echoed, _ := res.Meta[agentmcp.EchoKey].(map[string]any)
		switch {
		case res.IsError:
			t.Errorf("%q: refused:\n%s", c.spelling, text)
		case echoed["court"] != c.court:
			t.Errorf("%q: read as %v, want %s:\n%s", c.spelling, echoed["court"], c.court, text)
		case strings.Contains(text, "filter_dropped") || strings.Contains(text, "Dropped"):
			t.Errorf("%q: dropped:\n%s", c.spelling, text)
		case p.Value.Total != totals[c.court] || p.Value.Total == 0:
			t.Errorf("%q: %d decisions, %s has %d", c.spelling, p.Value.Total, c.court, totals[c.court])
		}
		for _, d := range p.Value.Decisions {
			if d.Court != c.court {
				t.Errorf("%q: a decision of %s", c.spelling, d.Court)
			}
		}
	}
	// Two courts: dropped, naming both; one court within reach: asked.
	res, _ := call("Nejvyšší soud (NSS)")
	if text := callText(res); res.IsError || !strings.Contains(text, `"NS"`) || !strings.Contains(text, `"NSS"`) {
		t.Errorf("\"Nejvyšší soud (NSS)\": want a drop naming NS and NSS:\n%s", text)
	}
	res, _ = call("Nejvyšší soud (Oberstes Gericht)")
	if text := callText(res); !res.IsError || !strings.Contains(text, `"NS"`) {
		t.Errorf("\"Nejvyšší soud (Oberstes Gericht)\": want an ask naming NS:\n%s", text)
	}
	// Another country's court: never a Czech one.
	for _, s := range []string{"Supreme Court (Slovakia)", "Supreme Court of Slovakia", "Slovak Supreme Court", "Najvyšší súd (Slovensko)"} {
		res, _ := call(s)
		text := callText(res)
		echoed, _ := res.Meta[agentmcp.EchoKey].(map[string]any)
		if _, filtered := echoed["court"]; filtered || strings.Contains(text, "may mean") || strings.Contains(text, "could mean") {
			t.Errorf("%q: a Czech court read or offered:\n%s", s, text)
		}
	}
}
