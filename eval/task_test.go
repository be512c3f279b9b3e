package eval

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/factory"
	fmcp "agentinput.dev/factory/mcp"
	"agentinput.dev/factory/protocol"
	"agentinput.dev/factory/reply"
	"agentinput.dev/internal/demo"
	"agentinput.dev/kinds/number"
)

const tasksFile = "testdata/tasks.jsonl"

func loadTasks(t *testing.T) []Task {
	t.Helper()
	f, err := os.Open(tasksFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tasks, err := LoadTasks(f)
	if err != nil {
		t.Fatal(err)
	}
	return tasks
}

// truthOf computes a task's true answer from its careful arguments over
// data, by plain loops that share nothing with the store: the filters of
// the last read_decisions step, or the tags a do step leaves.
func truthOf(t Task, data []demo.Decision) any {
	last := t.Steps[len(t.Steps)-1]
	if t.Answer == AnswerTags {
		do := t.Steps[0]
		args, _ := objectArgs(do.Careful)
		id := args["decision_id"].(string)
		var tags []string
		for _, x := range args["tags"].([]any) {
			tags = append(tags, x.(string))
		}
		for _, d := range data {
			if d.ID != id {
				continue
			}
			switch do.Tool {
			case "do_tag_decision":
				for _, x := range tags {
					if !slices.Contains(d.Tags, x) {
						d.Tags = append(slices.Clone(d.Tags), x)
					}
				}
			case "do_untag_decision":
				d.Tags = slices.DeleteFunc(slices.Clone(d.Tags), func(x string) bool { return slices.Contains(tags, x) })
			case "do_set_tags":
				d.Tags = tags
			}
			out := append([]string{}, d.Tags...)
			slices.Sort(out)
			return out
		}
		return nil
	}
	args, _ := objectArgs(last.Careful)
	text := func(k string) string { s, _ := args[k].(string); return s }
	var tags []string
	if list, ok := args["tags"].([]any); ok {
		for _, x := range list {
			tags = append(tags, x.(string))
		}
	}
	words := strings.Fields(strings.ToLower(text("query")))
	var ids []string
	for _, d := range data {
		body := strings.ToLower(d.Title + " " + d.Summary)
		ok := (text("court") == "" || d.Court == text("court")) &&
			(text("date_from") == "" || d.Date >= text("date_from")) && (text("date_to") == "" || d.Date <= text("date_to")) &&
			(text("language") == "" || d.Language == text("language")) && (text("country") == "" || d.Country == text("country")) &&
			(len(tags) == 0 || slices.ContainsFunc(tags, func(x string) bool { return slices.Contains(d.Tags, x) }))
		for _, w := range words {
			ok = ok && strings.Contains(body, w)
		}
		if ok {
			ids = append(ids, d.ID)
		}
	}
	limit := 10
	if n, ok := args["limit"].(json.Number); ok {
		// The careful spelling is a canonical JSON integer; its owner reads it.
		if d, ok := number.Read(n, number.Options{}).Value(); ok {
			i, _ := d.Int64()
			limit = int(i)
		}
	}
	switch t.Answer {
	case AnswerCount:
		return len(ids)
	case AnswerIDs:
		return append([]string{}, ids[:min(limit, len(ids))]...)
	}
	return append([]string{}, ids...)
}

// TestTaskTruths holds every task's truth to the oracle over the demo's
// data (with -update it writes them), and the corpus to what the task
// eval needs: at least 40 tasks, each language at least five times, a
// hurried first call that copies the user's own spellings, do tasks on
// decisions of their own, and read truths that no do task changes, so
// that the order tasks run in does not matter.
func TestTaskTruths(t *testing.T) {
	tasks := loadTasks(t)
	data := demo.Generate()
	if *update {
		raw, err := os.ReadFile(tasksFile)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		i := 0
		sc := bufio.NewScanner(bytes.NewReader(raw))
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			line := sc.Text()
			if trimmed := strings.TrimSpace(line); trimmed == "" || trimmed[0] == '#' || strings.HasPrefix(trimmed, "//") {
				out.WriteString(line + "\n")
				continue
			}
			task := tasks[i]
			i++
			task.Truth, _ = json.Marshal(truthOf(task, data))
			var b bytes.Buffer
			enc := json.NewEncoder(&b)
			enc.SetEscapeHTML(false)
			if err := enc.Encode(task); err != nil {
				t.Fatal(err)
			}
			out.Write(b.Bytes())
		}
		if err := os.WriteFile(tasksFile, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		tasks = loadTasks(t)
	}
	if len(tasks) < 40 {
		t.Fatalf("%d tasks, want at least 40", len(tasks))
	}
	langs := map[string]int{}
	decisions := map[string]string{}
	changed := slices.Clone(data)
	for _, task := range tasks {
		langs[task.Lang]++
		want, _ := json.Marshal(truthOf(task, data))
		if !sameAnswer(task.Answer, task.Truth, want) {
			t.Errorf("%s: truth %s, the oracle says %s (go test ./eval -run TestTaskTruths -update)", task.ID, task.Truth, want)
		}
		for i, s := range task.Steps {
			args, _ := objectArgs(s.Hurried)
			for _, v := range spelled(args) {
				if !strings.Contains(task.User, v) {
					t.Errorf("%s step %d: the hurried model sends %q, which the user did not write", task.ID, i+1, v)
				}
			}
		}
		if task.Answer == AnswerTags {
			args, _ := objectArgs(task.Steps[0].Careful)
			id := args["decision_id"].(string)
			if other, taken := decisions[id]; taken {
				t.Errorf("%s and %s change the same decision", task.ID, other)
			}
			decisions[id] = task.ID
			var tags []string
			_ = json.Unmarshal(task.Truth, &tags)
			for i := range changed {
				if changed[i].ID == id {
					changed[i].Tags = tags
				}
			}
		}
	}
	for _, lang := range []string{"cs", "sk", "de", "en"} {
		if langs[lang] < 5 {
			t.Errorf("%d tasks in %s, want at least 5", langs[lang], lang)
		}
	}
	for _, task := range tasks {
		if task.Answer == AnswerTags {
			continue
		}
		before, _ := json.Marshal(truthOf(task, data))
		after, _ := json.Marshal(truthOf(task, changed))
		if string(before) != string(after) {
			t.Errorf("%s: the do tasks change its truth (%s before, %s after): pick other decisions", task.ID, before, after)
		}
	}
}

// spelled lists the texts of a call's values: strings, list items and
// numbers as written.
func spelled(v any) []string {
	switch x := v.(type) {
	case string:
		return []string{x}
	case json.Number:
		return []string{string(x)}
	case []any:
		var out []string
		for _, item := range x {
			out = append(out, spelled(item)...)
		}
		return out
	case map[string]any:
		var out []string
		for _, item := range x {
			out = append(out, spelled(item)...)
		}
		return out
	}
	return nil
}

// TestTaskEval runs the shipped tasks under both policies, in process and
// over MCP with the go-sdk client (in memory): each task ends as the
// corpus expects (right, or the known outcome it names), and the two
// transports agree on every outcome and every call count.
func TestTaskEval(t *testing.T) {
	tasks := loadTasks(t)
	local, err := RunDemoTasks(tasks)
	if err != nil {
		t.Fatal(err)
	}
	if *printReport {
		local.WriteMarkdown(os.Stdout)
	}
	for _, r := range local.Unexpected() {
		t.Errorf("%s under %s: %s (%s), expected %s", r.ID, r.Policy, r.Outcome, r.Why, r.Expected)
	}
	for _, p := range Policies {
		tools, err := DemoTools()
		if err != nil {
			t.Fatal(err)
		}
		cs := inMemory(t, tools)
		runs, err := RunTasks(context.Background(), MCPTasks{Session: cs}, tasks, p)
		if err != nil {
			t.Fatal(err)
		}
		for i, r := range runs {
			l := local.Runs[p][i]
			if r.Outcome != l.Outcome || len(r.Calls) != len(l.Calls) {
				t.Errorf("%s under %s: %s in %d calls over MCP, %s in %d in process", r.ID, p, r.Outcome, len(r.Calls), l.Outcome, len(l.Calls))
			}
		}
	}
}

func inMemory(t *testing.T, tools []*factory.Tool) *sdk.ClientSession {
	t.Helper()
	server := sdk.NewServer(&sdk.Implementation{Name: "demo", Version: "test"}, nil)
	fmcp.Register(server, tools...)
	st, ct := sdk.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "eval", Version: "test"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// beforeIssue32 renders results as the demo did before issue 32: a
// dropped filter said so only in a warning line after the result, under
// quality good, with no dropped_filters.
type beforeIssue32 struct{ TaskCaller }

func (b beforeIssue32) CallTool(ctx context.Context, tool string, arguments json.RawMessage) (*sdk.CallToolResult, error) {
	res, err := b.TaskCaller.CallTool(ctx, tool, arguments)
	if err != nil || res.IsError || !strings.HasPrefix(firstText(res), reply.DroppedLead) {
		return res, err
	}
	lead := res.Content[0]
	res.Content = append(slices.Clone(res.Content[1:]), lead)
	raw, _ := json.Marshal(res.StructuredContent)
	var m map[string]any
	if json.Unmarshal(raw, &m) == nil {
		delete(m, "dropped_filters")
		m["quality"] = "good"
		res.StructuredContent = m
		payload, _ := json.Marshal(m)
		res.Content[0] = &sdk.TextContent{Text: string(payload)}
	}
	return res, nil
}

// The hurried policy can answer wrongly: with dropped filters rendered as
// they were before issue 32, it reads the unfiltered page of a dropped
// court as the answer. The court tasks' hurried spellings are replaced by
// one the demo's vocabulary drops (it names two courts: "Nejvyšší", the
// Supreme or the Supreme Administrative Court), checked to be dropped, so
// that the test keeps proving something as the vocabulary learns to read
// more forms. A policy that cannot fail would prove nothing.
func TestHurriedCanBeWrong(t *testing.T) {
	const dropped = "Nejvyšší"
	tools, err := DemoTools()
	if err != nil {
		t.Fatal(err)
	}
	ctx := protocol.WithPrincipal(context.Background(), Session)
	byName := NewTools(tools)
	if res := byName["read_decisions"].Call(ctx, json.RawMessage(`{"court":"`+dropped+`"}`)); res.Envelope != nil || len(res.Dropped) != 1 {
		t.Fatalf("%q is not dropped by read_decisions (%+v): pick a spelling that is", dropped, res.Envelope)
	}
	var tasks []Task
	for _, task := range loadTasks(t) {
		if !strings.HasPrefix(task.ID, "cs-court-genitive") {
			continue
		}
		task.Known = nil
		steps := slices.Clone(task.Steps)
		for i, step := range steps {
			var hurried map[string]any
			if json.Unmarshal(step.Hurried, &hurried) == nil && hurried["court"] != nil {
				hurried["court"] = dropped
				steps[i].Hurried, _ = json.Marshal(hurried)
			}
		}
		task.Steps = steps
		tasks = append(tasks, task)
	}
	if len(tasks) < 3 {
		t.Fatalf("%d court tasks", len(tasks))
	}
	runs, err := RunTasks(ctx, beforeIssue32{InProcess(byName)}, tasks, Hurried)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range runs {
		if r.Outcome != WrongAnswer || len(r.Calls) != 1 {
			t.Errorf("%s: %s in %d calls (%s); with the drop after the result, the hurried model answers from the unfiltered page", r.ID, r.Outcome, len(r.Calls), r.Why)
		}
	}
}

// What the policies take from a hint: a quoted value anywhere, a number
// only when given as an example; never a number that is part of the words.
func TestFirstJSON(t *testing.T) {
	for _, c := range []struct {
		hint string
		want string // JSON, "" for none
	}{
		{"Send the number alone as a JSON number, for example 50.", "50"},
		{`Send the BCP 47 tag of the language you mean, such as "cs-CZ" or "en"`, `"cs-CZ"`},
		{"Send a whole number from 1 to 50", ""},
		{`Send "SK" if you mean Slovakia`, `"SK"`},
		{"Send [] to remove every tag", "[]"},
		{"Send the id of the entry you mean, as listed", ""},
		{"Send a page size, e.g. 20, or leave it out", "20"},
	} {
		v, ok := firstJSON(c.hint)
		got := ""
		if ok {
			raw, _ := json.Marshal(v)
			got = string(raw)
		}
		if got != c.want {
			t.Errorf("%q: %s, want %s", c.hint, got, c.want)
		}
	}
	if to, ok := renamedTo("Send it as limit (the declared properties: limit, query)"); !ok || to != "limit" {
		t.Errorf("renamed to %q", to)
	}
	if !leaveOut("Send the values to keep, or leave the filter out") || leaveOut("Send one of them") {
		t.Error("leaveOut")
	}
}

func TestLoadTasksErrors(t *testing.T) {
	step := `"steps":[{"tool":"read_decisions","careful":{},"hurried":{}}]`
	for _, c := range []struct{ name, corpus string }{
		{"repeated id", `{"id":"a","lang":"en","user":"u",` + step + `,"answer":"count","truth":1}` + "\n" + `{"id":"a","lang":"en","user":"u",` + step + `,"answer":"count","truth":1}`},
		{"unknown answer", `{"id":"a","lang":"en","user":"u",` + step + `,"answer":"sum","truth":1}`},
		{"no truth", `{"id":"a","lang":"en","user":"u",` + step + `,"answer":"count"}`},
		{"known right", `{"id":"a","lang":"en","user":"u",` + step + `,"answer":"count","truth":1,"known":{"hurried":{"outcome":"right","why":"w"}}}`},
		{"known without why", `{"id":"a","lang":"en","user":"u",` + step + `,"answer":"count","truth":1,"known":{"hurried":{"outcome":"wrong"}}}`},
		{"arguments not an object", `{"id":"a","lang":"en","user":"u","steps":[{"tool":"t","careful":[],"hurried":{}}],"answer":"count","truth":1}`},
		{"unknown field", `{"id":"a","lang":"en","user":"u",` + step + `,"answer":"count","truth":1,"extra":1}`},
	} {
		if _, err := LoadTasks(strings.NewReader(c.corpus)); err == nil {
			t.Errorf("%s: loaded", c.name)
		}
	}
	if !IsTasks([]byte("# c\n{\"id\":\"a\",\"user\":\"u\"}")) || IsTasks([]byte(`{"label":"x","steps":[]}`)) {
		t.Error("IsTasks")
	}
}
